import type { components } from '@/api/schema';
import {
  addMonths,
  daysInMonth,
  monthOf,
  today,
  type IsoDate,
  type IsoMonth,
} from '@/features/bookings';
import { STATUS_COLOURS, type StatusColour } from '@/lib/status/status';

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
