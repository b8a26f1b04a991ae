/**
 * The query keys of the resources that more than one feature reads or refreshes, one factory per
 * resource. Every key of a resource starts with its `all` key, so invalidating `all` refreshes every
 * copy (a list, a detail, a section on another feature's page). Keys used by one feature only live
 * in that feature's api module (tagKeys, legalEntityKeys), built the same way.
 */

/** Accounts: the signed-in user (whoami) and the users' lists, profiles and documents. */
export const accountKeys = {
  all: ['account'] as const,
  whoami: () => [...accountKeys.all, 'whoami'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (...params: unknown[]) => [...accountKeys.lists(), ...params] as const,
  details: () => [...accountKeys.all, 'detail'] as const,
  detail: (id: number) => [...accountKeys.details(), id] as const,
  documents: (userId: number) => [...accountKeys.all, 'documents', userId] as const,
  onboarding: () => [...accountKeys.all, 'onboarding'] as const,
  skillTags: () => [...accountKeys.all, 'skill-tags'] as const,
  jobTitleTags: () => [...accountKeys.all, 'job-title-tags'] as const,
};

/** The installation's public facts; not the session's, so it outlives a change of user. */
export const appInfoKeys = {
  all: ['app-info'] as const,
};

/** Bookings, their placements and instructions; a booking change refreshes all of them. */
export const bookingKeys = {
  all: ['booking'] as const,
  detail: (id: number) => [...bookingKeys.all, 'detail', id] as const,
  summary: () => [...bookingKeys.all, 'summary'] as const,
  bookmarks: () => [...bookingKeys.all, 'bookmark'] as const,
  availableSuppliers: (bookingId: number, placementTemplateId: number, placementIds: number[]) =>
    [
      ...bookingKeys.all,
      'available-suppliers',
      bookingId,
      placementTemplateId,
      placementIds,
    ] as const,
  availableSubstitutes: (placementId: number, instructionId: number | null) =>
    [...bookingKeys.all, 'available-substitutes', placementId, instructionId] as const,
  waterfalls: (bookingId: number) => [...bookingKeys.all, 'waterfalls', bookingId] as const,
};

/** The agenda's tabs and their counts; every change of an instruction's status refreshes them. */
export const agendaKeys = {
  all: ['agenda'] as const,
  list: (view: string, tab: string) => [...agendaKeys.all, 'list', view, tab] as const,
  stats: (view: string) => [...agendaKeys.all, 'stats', view] as const,
};

/** Job templates (GET /job-template/...), their placement templates and rate cards, and briefs. */
export const jobTemplateKeys = {
  all: ['job-template'] as const,
  list: (q: unknown) => [...jobTemplateKeys.all, 'list', q] as const,
  ofDepartment: (departmentId: number) =>
    [...jobTemplateKeys.all, 'department', departmentId] as const,
  detail: (id: number) => [...jobTemplateKeys.all, 'detail', id] as const,
  rateCards: (placementTemplateId: number) =>
    [...jobTemplateKeys.all, 'rate-cards', placementTemplateId] as const,
  briefs: () => [...jobTemplateKeys.all, 'brief'] as const,
};

/** Invitations, by the invited user, by entity and by token. */
export const invitationKeys = {
  all: ['invitation'] as const,
  pendingOfUser: (userId: number) => [...invitationKeys.all, 'by-user', userId, 'pending'] as const,
  ofEntity: (entityId: number, q: unknown) =>
    [...invitationKeys.all, 'by-entity', entityId, q] as const,
  byToken: (token: string) => [...invitationKeys.all, 'token', token] as const,
};

/** The keys of records shown in a grid and opened one at a time: all, the lists, a list, one. */
function gridRecordKeys<const Name extends string>(name: Name) {
  const all = [name] as const;
  const lists = () => [...all, 'list'] as const;
  return {
    all,
    lists,
    list: (q: unknown) => [...lists(), q] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
}

/** Entities (clients, agencies, suppliers): the grid, one entity, and a picker's option. */
export const entityKeys = {
  ...gridRecordKeys('entity'),
  option: (id: number) => [...entityKeys.all, 'option', id] as const,
};

/** Departments. */
export const departmentKeys = gridRecordKeys('department');

/** What managers keep about freelancers: stats, internal notes (bookmarks and follows refresh it). */
export const peopleKeys = {
  all: ['people'] as const,
  stats: (userId: number) => [...peopleKeys.all, 'stats', userId] as const,
  internalNotes: (freelancerId: number) =>
    [...peopleKeys.all, 'internal-notes', freelancerId] as const,
  noteEntities: (freelancerId: number) =>
    [...peopleKeys.internalNotes(freelancerId), 'entities'] as const,
};

/** A user's unavailable days. */
export const unavailabilityKeys = {
  all: ['unavailability'] as const,
  ofUser: (userId: number) => [...unavailabilityKeys.all, userId] as const,
};

/** The search-as-you-type pickers: one cache per kind and lower-cased term. */
export const pickerKeys = {
  all: ['picker'] as const,
  ofKind: (kind: string) => [...pickerKeys.all, kind] as const,
  search: (kind: string, term: string) =>
    [...pickerKeys.ofKind(kind), term.trim().toLowerCase()] as const,
};

/**
 * The signed-in user's notifications, and an administrator's read of another user's: the lists
 * (own, or by user), one notification, and the unread count the top bar shows. Marking one read
 * invalidates `all`, so the list's weight, the detail and the count change together.
 */
export const notificationKeys = {
  all: ['notification'] as const,
  stats: () => [...notificationKeys.all, 'stats'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  /** One page of the caller's own list (userId null) or of a user's, for administrators. */
  list: (userId: number | null, q: unknown) =>
    [...notificationKeys.lists(), userId ?? 'own', q] as const,
  detail: (id: number) => [...notificationKeys.all, 'detail', id] as const,
};

/**
 * Search (POST /search): one result list per request body. Results mirror other features'
 * records, so a search is read again whenever it is asked for (staleTime 0 in its options).
 */
export const searchKeys = {
  all: ['search'] as const,
  results: (body: unknown) => [...searchKeys.all, body] as const,
};
