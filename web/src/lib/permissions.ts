import type { CurrentUser } from '@/api/types';

/**
 * The permission rules of the UI, read from the needs the server sends in whoami.
 * The server checks the same rules on every operation; the UI only uses them to show or hide.
 */
export type PermissionSubject = Pick<CurrentUser, 'canAdmin' | 'needs' | 'isFreelancer'>;
type Subject = PermissionSubject | null | undefined;

export type EntityKind = 'supplier' | 'agency' | 'client';
export const ENTITY_KINDS: readonly EntityKind[] = ['supplier', 'agency', 'client'];

export const needs = {
  admin: 'admin',
  staff: 'staff',
  freelancer: 'freelancer',
  clientManager: 'client_manager',
  agencyManager: 'agency_manager',
  departmentManager: 'department_manager',
  createEntity: (kind: EntityKind) => `create_entity:${kind}`,
  manageEntity: (id: number) => `manage_entity:${id}`,
  selectEntity: (id: number) => `select_entity:${id}`,
  manageDepartment: (id: number) => `manage_department:${id}`,
  selectDepartment: (id: number) => `select_department:${id}`,
  hireDepartment: (id: number) => `hire_department:${id}`,
} as const;

function listedNeeds(user: Subject): readonly string[] {
  return user?.needs ?? [];
}

/** Administrator: canAdmin or the admin need. */
export function isAdmin(user: Subject): boolean {
  return !!user && (user.canAdmin || listedNeeds(user).includes(needs.admin));
}

/** The freelancer role. Being an administrator does not make anyone a freelancer. */
export function isFreelancer(user: Subject): boolean {
  return !!user && (user.isFreelancer || listedNeeds(user).includes(needs.freelancer));
}

/** Whether the user has a need; admin grants every need except the freelancer role. */
export function hasNeed(user: Subject, need: string): boolean {
  if (!user) return false;
  if (need === needs.freelancer) return isFreelancer(user);
  return isAdmin(user) || listedNeeds(user).includes(need);
}

/** Can create an entity of the kind, or of any kind when none is given. */
export function canCreateEntity(user: Subject, kind?: EntityKind): boolean {
  const kinds = kind ? [kind] : ENTITY_KINDS;
  return kinds.some((k) => hasNeed(user, needs.createEntity(k)));
}

/** Entity kinds this user may create (for the entity type options). */
export function creatableEntityKinds(user: Subject): EntityKind[] {
  return ENTITY_KINDS.filter((k) => canCreateEntity(user, k));
}

export function isClientManager(user: Subject): boolean {
  return hasNeed(user, needs.clientManager);
}

export function isAgencyManager(user: Subject): boolean {
  return hasNeed(user, needs.agencyManager);
}

export function isClientOrAgencyManager(user: Subject): boolean {
  return isClientManager(user) || isAgencyManager(user);
}

export function isDepartmentManager(user: Subject): boolean {
  return hasNeed(user, needs.departmentManager);
}

/** Per-entity rights; selecting falls back to managing (and both to admin). */
export function canManageEntity(user: Subject, entityId: number): boolean {
  return hasNeed(user, needs.manageEntity(entityId));
}

export function canSelectEntity(user: Subject, entityId: number): boolean {
  return hasNeed(user, needs.selectEntity(entityId)) || canManageEntity(user, entityId);
}

/** Per-department rights; selecting and hiring fall back to managing (and all to admin). */
export function canManageDepartment(user: Subject, departmentId: number): boolean {
  return hasNeed(user, needs.manageDepartment(departmentId));
}

export function canSelectDepartment(user: Subject, departmentId: number): boolean {
  return (
    hasNeed(user, needs.selectDepartment(departmentId)) || canManageDepartment(user, departmentId)
  );
}

export function canHireDepartment(user: Subject, departmentId: number): boolean {
  return (
    hasNeed(user, needs.hireDepartment(departmentId)) || canManageDepartment(user, departmentId)
  );
}

/** Can manage at least one linked entity (e.g. the 'Create LE' button on the setup card). */
export function managesAnyEntity(user: Subject): boolean {
  return isAdmin(user) || listedNeeds(user).some((n) => n.startsWith('manage_entity:'));
}

/** The label beside the user's name in the top bar. */
export function roleBadgeLabel(user: Subject): 'Admin' | 'User' {
  return isAdmin(user) ? 'Admin' : 'User';
}

/**
 * All Users (the Users page): the server's access.CanListUsers, read from the needs it sends:
 * staff (every non-freelancer holds that need) and anyone who manages a client, agency or
 * department, so a freelancer who runs a client company sees the page too.
 */
export function canListUsers(user: Subject): boolean {
  return [needs.staff, needs.clientManager, needs.agencyManager, needs.departmentManager].some(
    (n) => hasNeed(user, n),
  );
}

/** Lists of users, departments, entities, legal entities and links: everyone but freelancers. */
export function canSeeDirectoryLists(user: Subject): boolean {
  return !!user && !isFreelancer(user);
}
