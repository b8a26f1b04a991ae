import type { components, operations } from '@/api/schema';
import {
  addMonths,
  daysInMonth,
  monthOf,
  today,
  type IsoDate,
  type IsoMonth,
} from '@/features/bookings';
import { STATUS_COLOURS, type StatusColour } from '@/lib/status/status';
import { isAdmin, isDepartmentManager, type PermissionSubject } from '@/lib/permissions';
import type { CurrentUser } from '@/api/types';
import { countOf } from '@/lib/format';
import { BUSY_OWN_CALENDAR } from '@/features/calendarsync';

export type SummaryDay = components['schemas']['BookingSummaryDay'];
export type SummaryGroup = components['schemas']['BookingSummaryGroup'];
export type SummaryInstruction = components['schemas']['BookingSummaryInstruction'];
export type ChangeRow = components['schemas']['BookingChangeRow'];
export type Bookmark = components['schemas']['BookingBookmark'];
export type SummaryQuery = operations['bookingSummary']['parameters']['query'];
export type Unavailability = components['schemas']['Unavailability'];

/**
 * Performance timeline names: the month's data is parsed (mark), and from there to the first
 * frame that shows it (measure). e2e/bench/scheduler-render.js reads the measure.
 */
export const MONTH_DATA_MARK = 'scheduler-month-data';
export const MONTH_RENDER_MEASURE = 'scheduler-month-render';

/** A filter set as the summary's query: empty lists are left out (the server reads 'any'). */
export function filterQuery(f: FilterSet): Partial<SummaryQuery> {
  const q: Partial<SummaryQuery> = {};
  for (const [k, v] of Object.entries(f) as [keyof FilterSet, unknown[]][]) {
    if (v.length) (q as Record<string, unknown>)[k] = v;
  }
  return q;
}

/** The filter set of the scheduler, the grid and a bookmark (spec part 2 §2 'Filter panel'). */
export type FilterSet = Required<{
  [K in keyof components['schemas']['BookingBookmarkQueryInput']]: NonNullable<
    components['schemas']['BookingBookmarkQueryInput'][K]
  >;
}>;

export type IdFilter = Exclude<keyof FilterSet, 'placementStatuses'>;
export const ID_FILTERS: readonly IdFilter[] = [
  'clientIds',
  'departmentIds',
  'userIds',
  'jobTemplateIds',
];

export const emptyFilters = (): FilterSet => ({
  clientIds: [],
  departmentIds: [],
  userIds: [],
  placementStatuses: [],
  jobTemplateIds: [],
});

/** The URL keeps the month shown under this key ('2026-11'); filters under their wire names. */
export const MONTH_PARAM = 'month';

const isColour = (s: string): s is StatusColour => (STATUS_COLOURS as string[]).includes(s);
const ids = (values: string[]) =>
  [...new Set(values.map(Number).filter((n) => Number.isInteger(n) && n > 0))].sort(
    (a, b) => a - b,
  );

/** The filter set in the URL (repeated keys, as the API takes them); junk is dropped. */
export function filtersFromParams(params: URLSearchParams): FilterSet {
  const f = emptyFilters();
  for (const key of ID_FILTERS) f[key] = ids(params.getAll(key));
  f.placementStatuses = STATUS_COLOURS.filter((c) =>
    params.getAll('placementStatuses').includes(c),
  );
  return f;
}

/** The params with the filter set replaced (other keys such as the month are kept). */
export function withFilters(params: URLSearchParams, f: FilterSet): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...ID_FILTERS, 'placementStatuses'] as const) {
    next.delete(key);
    for (const v of f[key]) next.append(key, String(v));
  }
  return next;
}

/** A bookmark's query as a full filter set (its lists may be null). */
export function filtersFromQuery(q: components['schemas']['BookingBookmarkQuery']): FilterSet {
  return {
    clientIds: q.clientIds ?? [],
    departmentIds: q.departmentIds ?? [],
    userIds: q.userIds ?? [],
    placementStatuses: (q.placementStatuses ?? []).filter(isColour),
    jobTemplateIds: q.jobTemplateIds ?? [],
  };
}

export const filterCount = (f: FilterSet) =>
  ID_FILTERS.reduce((n, k) => n + f[k].length, f.placementStatuses.length);

/** The month in the URL, or the month of today (spec §2: viewRange defaults to it). */
export function monthFromParams(params: URLSearchParams, now: Date = new Date()): IsoMonth {
  const m = params.get(MONTH_PARAM);
  return m && /^\d{4}-(0[1-9]|1[0-2])$/.test(m) ? m : monthOf(today(now));
}

/** First and last day of a month: the viewRange. */
export function monthRange(month: IsoMonth): { startDate: IsoDate; endDate: IsoDate } {
  return { startDate: `${month}-01`, endDate: `${month}-${daysInMonth(month)}` };
}

export const shiftView = (month: IsoMonth, step: number) => addMonths(month, step);

/**
 * The range the Details tab asks for: the selected days' first to last, at most 62 days (the
 * summary's limit); later days are left out rather than failing the request.
 */
export const MAX_SUMMARY_DAYS = 62;
export function detailsRange(
  selected: readonly IsoDate[],
): { startDate: IsoDate; endDate: IsoDate } | null {
  if (selected.length === 0) return null;
  const sorted = [...selected].sort();
  const startDate = sorted[0]!;
  const limit = new Date(`${startDate}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + MAX_SUMMARY_DAYS);
  const max = limit.toISOString().slice(0, 10);
  const endDate = sorted.filter((d) => d <= max).at(-1)!;
  return { startDate, endDate };
}

/**
 * 'Global View' (docs/decisions.md 'Scheduler'): a department manager who may see several
 * departments (an administrator, an entity manager, or the manager of two or more departments)
 * and has no department filter set sees every department at once.
 */
export function isGlobalView(user: PermissionSubject | null | undefined, f: FilterSet): boolean {
  if (!user || !isDepartmentManager(user) || f.departmentIds.length > 0) return false;
  if (isAdmin(user)) return true;
  const needs = user.needs ?? [];
  const departments = needs.filter((n) => n.startsWith('manage_department:')).length;
  return departments > 1 || needs.some((n) => n.startsWith('manage_entity:'));
}

/**
 * Whose unavailable days the month shows: the users a manager filters on (spec part 2 §2 'User'),
 * otherwise a freelancer's own. The server answers only for the users the caller may read, so
 * this chooses what to ask, not what may be seen.
 */
export function unavailabilityUserIds(user: CurrentUser, filters: FilterSet): number[] {
  if (filters.userIds.length > 0) return filters.userIds;
  return user.isFreelancer ? [user.id] : [];
}

/** What a day shows of the users unavailable on it: a short text and the full sentence. */
export interface DayUnavailability {
  /** In the cell: 'Unavailable', 'Unavailable: Fran Free' or '3 unavailable'. */
  text: string;
  /** For the tooltip and the day's accessible name: 'Unavailable: Fran Free, Sam Stone'. */
  full: string;
}

/**
 * The unavailable users of each date, as the day cells show them. The viewer's own day reads
 * 'Unavailable'; another person is named; several are counted in the cell and named in full
 * (the viewer as 'you').
 */
export function unavailableDays(
  list: readonly Unavailability[] | null | undefined,
  viewerId: number,
): Map<IsoDate, DayUnavailability> {
  const who = new Map<IsoDate, Unavailability[]>();
  const busy = new Map<IsoDate, Unavailability[]>();
  for (const u of list ?? []) {
    for (const d of u.dates ?? []) who.set(d, [...(who.get(d) ?? []), u]);
    for (const d of u.busyOwnCalendarDates ?? []) {
      if (!(u.dates ?? []).includes(d)) busy.set(d, [...(busy.get(d) ?? []), u]);
    }
  }
  const out = new Map<IsoDate, DayUnavailability>();
  for (const [date, users] of busy) {
    // Busy in their own calendar: told as that, never what it is (a marked day says more).
    const own = users.length === 1 && users[0]!.userId === viewerId;
    const names = users.map((u) => (u.userId === viewerId ? 'you' : u.user.fullName));
    const full = own ? BUSY_OWN_CALENDAR : `${BUSY_OWN_CALENDAR}: ${names.join(', ')}`;
    const text = users.length === 1 ? full : `${countOf(users.length, 'person', 'people')} busy`;
    out.set(date, { text, full });
  }
  for (const [date, users] of who) {
    const own = users.length === 1 && users[0]!.userId === viewerId;
    const names = users.map((u) => (u.userId === viewerId ? 'you' : u.user.fullName));
    const full = own ? 'Unavailable' : `Unavailable: ${names.join(', ')}`;
    const text =
      users.length === 1 ? full : `${countOf(users.length, 'person', 'people')} unavailable`;
    const also = out.get(date);
    out.set(date, also ? { text, full: `${full}; ${also.full}` } : { text, full });
  }
  return out;
}

/**
 * The bookings page's two views, as the Scheduler / Grid toggle names them on both pages. The
 * grid view's label is its page's title (spec part 2 §1: 'Recent Booking Changes'), so the
 * toggle says where it leads.
 */
export const GRID_VIEW_TITLE = 'Recent Booking Changes';

export const VIEW_OPTIONS: { value: 'scheduler' | 'grid'; label: string }[] = [
  { value: 'scheduler', label: 'Scheduler' },
  { value: 'grid', label: GRID_VIEW_TITLE },
];
