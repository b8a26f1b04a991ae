import type { Toast } from '@/lib/errors/catalogue';
import { DURATION } from '@/lib/errors/catalogue';
import { addDays } from '@/features/bookings';
import { MAX_RANGE_DAYS } from './search-state';

/** Year-month-day. */
type IsoDate = string;

/** The advanced search's messages (spec part 1 §5). */
export const searchMessages = {
  rangeTooLong: {
    title: 'Enter Valid Date',
    message: `Date range cannot exceed ${MAX_RANGE_DAYS} days.`,
    autoClose: DURATION.normal,
    kind: 'error',
  } satisfies Toast,
  everyTagMustMatch: 'Every chosen skill and job title must match.',
};

const DAY_MS = 86_400_000;
const utc = (d: IsoDate) => Date.parse(`${d}T00:00:00Z`);

/** Days from start to end (0 when they are the same day). */
export function daysBetween(start: IsoDate, end: IsoDate): number {
  return Math.round((utc(end) - utc(start)) / DAY_MS);
}

export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** A new start date: a start after the end clears the end. */
export function withStart(r: DateRange, startDate: IsoDate): DateRange {
  const clearsEnd = startDate !== '' && r.endDate !== '' && startDate > r.endDate;
  return { startDate, endDate: clearsEnd ? '' : r.endDate };
}

/** A new end date: an end before the start clears the start. */
export function withEnd(r: DateRange, endDate: IsoDate): DateRange {
  const clearsStart = endDate !== '' && r.startDate !== '' && endDate < r.startDate;
  return { startDate: clearsStart ? '' : r.startDate, endDate };
}

/** The range is longer than the search allows (only when both dates are chosen). */
export function rangeTooLong(r: DateRange): boolean {
  return (
    r.startDate !== '' && r.endDate !== '' && daysBetween(r.startDate, r.endDate) > MAX_RANGE_DAYS
  );
}

/** The pickers' bounds: the start from today; the end at most 31 days after the start. */
export function pickerBounds(r: DateRange, today: IsoDate) {
  return {
    startMin: today,
    endMin: r.startDate || today,
    endMax: r.startDate ? addDays(r.startDate, MAX_RANGE_DAYS) : undefined,
  };
}
