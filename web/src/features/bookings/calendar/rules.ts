/**
 * The date selection of the month calendar (spec part 2 §2 'Scheduler page', §9): pure functions
 * over ISO dates ('YYYY-MM-DD') and months ('YYYY-MM'), so the rules are tested without a DOM and
 * the scheduler can reuse them. Dates are calendar days: arithmetic runs in UTC, never in the
 * browser's zone, so a clock change cannot skip or repeat a day.
 */
import { formatIsoDay } from '@/lib/format';

export type IsoDate = string;
export type IsoMonth = string;
export type SelectionMode = 'range' | 'custom';

/** Monday first (spec §9: the week starts on Monday). */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const DAY_MS = 86_400_000;

function toUtc(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(d: Date): IsoDate {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** The month of a date ('2026-12-07' → '2026-12'). */
export function monthOf(date: IsoDate): IsoMonth {
  return date.slice(0, 7);
}

export function addMonths(month: IsoMonth, months: number): IsoMonth {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return fromUtc(d).slice(0, 7);
}

/** The same day of another month, clamped to its last day (31 January + 1 → 28 February). */
export function shiftMonth(date: IsoDate, months: number): IsoDate {
  const target = addMonths(monthOf(date), months);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(target));
  return `${target}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth(month: IsoMonth): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(date: IsoDate): number {
  return (toUtc(date).getUTCDay() + 6) % 7;
}

/** 'Monday 7 December 2026': what a screen reader says for a day. */
export function dayLabel(date: IsoDate): string {
  const d = toUtc(date);
  return `${WEEKDAYS[weekdayIndex(date)]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** 'December 2026'. */
export function monthLabel(month: IsoMonth): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}

/** Today in the browser's zone, as a calendar day. */
export function today(now: Date = new Date()): IsoDate {
  return formatIsoDay(now);
}

/**
 * The weeks of a month, Monday to Sunday; the days of the neighbouring months are null (the
 * calendar shows one month at a time, so a selection never hides outside it).
 */
export function monthWeeks(month: IsoMonth): (IsoDate | null)[][] {
  const first = `${month}-01`;
  const lead = weekdayIndex(first);
  const cells: (IsoDate | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 0; d < daysInMonth(month); d++) cells.push(addDays(first, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (IsoDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Sorted and without repeats: the one shape a selection has. */
export function normalise(dates: Iterable<IsoDate>): IsoDate[] {
  return [...new Set(dates)].sort();
}

/** Every day from a to b, both included, in either order. */
export function rangeDates(a: IsoDate, b: IsoDate): IsoDate[] {
  const [from, to] = a <= b ? [a, b] : [b, a];
  const out: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export function toggleDate(selected: readonly IsoDate[], date: IsoDate): IsoDate[] {
  return selected.includes(date)
    ? selected.filter((d) => d !== date)
    : normalise([...selected, date]);
}

/** How many selected dates fall on each weekday, Monday first. */
export function weekdayCounts(selected: readonly IsoDate[]): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of selected) counts[weekdayIndex(d)]! += 1;
  return counts;
}

/** The selection without the given weekdays (0 Monday … 6 Sunday). */
export function removeWeekdays(
  selected: readonly IsoDate[],
  weekdays: readonly number[],
): IsoDate[] {
  return selected.filter((d) => !weekdays.includes(weekdayIndex(d)));
}

/** Where a navigation key moves the focused day; null for any other key. */
export function moveFocus(date: IsoDate, key: string): IsoDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekdayIndex(date));
    case 'End':
      return addDays(date, 6 - weekdayIndex(date));
    case 'PageUp':
      return shiftMonth(date, -1);
    case 'PageDown':
      return shiftMonth(date, 1);
  }
  return null;
}

/**
 * What the calendar holds while the user selects. In range mode `anchor` is the first day of a
 * range whose last day is still to come (a click waiting for the second click, or the start of a
 * drag); `dragging` is true between pointer down and up.
 */
export interface SelectionState {
  mode: SelectionMode;
  selected: IsoDate[];
  anchor: IsoDate | null;
  dragging: boolean;
  /** The drag left its first day: releasing ends the range instead of waiting for a click. */
  moved: boolean;
}

export function initialSelection(
  selected: readonly IsoDate[] = [],
  mode: SelectionMode = 'range',
): SelectionState {
  return { mode, selected: normalise(selected), anchor: null, dragging: false, moved: false };
}

/**
 * A switch of mode: to range clears the selection (spec §2); to custom keeps it and stops any
 * drag or half-made range.
 */
export function setMode(s: SelectionState, mode: SelectionMode): SelectionState {
  if (mode === 'range')
    return { ...s, mode, selected: [], anchor: null, dragging: false, moved: false };
  return { ...s, mode, anchor: null, dragging: false, moved: false };
}

/**
 * A pointer pressed on a day. Custom mode toggles the day. Range mode either ends a range
 * started by an earlier click, or starts a new one (the day alone, dragging).
 */
export function pointerDown(s: SelectionState, date: IsoDate): SelectionState {
  if (s.mode === 'custom') return { ...s, selected: toggleDate(s.selected, date) };
  if (s.anchor && !s.dragging) {
    return { ...s, selected: rangeDates(s.anchor, date), anchor: null, moved: false };
  }
  return { ...s, selected: [date], anchor: date, dragging: true, moved: false };
}

/** The pointer moved onto a day: a drag selects every day from its start to here. */
export function pointerEnter(s: SelectionState, date: IsoDate): SelectionState {
  if (!s.dragging || !s.anchor) return s;
  return { ...s, selected: rangeDates(s.anchor, date), moved: s.moved || date !== s.anchor };
}

/**
 * The pointer was released. A drag that moved has made its range; one that did not is a first
 * click, so the anchor waits for the click on the last day.
 */
export function pointerUp(s: SelectionState): SelectionState {
  if (!s.dragging) return s;
  return { ...s, dragging: false, anchor: s.moved ? null : s.anchor, moved: false };
}

/** Space or Enter on the focused day: a click. */
export function activate(s: SelectionState, date: IsoDate): SelectionState {
  return pointerUp(pointerDown(s, date));
}

/**
 * Shift with an arrow key, from the day where the shift run started to the day the focus reached:
 * in range mode that range becomes the selection; in custom mode its days are added.
 */
export function extend(s: SelectionState, anchor: IsoDate, to: IsoDate): SelectionState {
  const days = rangeDates(anchor, to);
  if (s.mode === 'custom') return { ...s, selected: normalise([...s.selected, ...days]) };
  return { ...s, selected: days, anchor: null, dragging: false, moved: false };
}

/** The deselect-days dialog: removes the weekdays and switches to custom mode (spec §2). */
export function deselectWeekdays(s: SelectionState, weekdays: readonly number[]): SelectionState {
  return { ...setMode(s, 'custom'), selected: removeWeekdays(s.selected, weekdays) };
}
