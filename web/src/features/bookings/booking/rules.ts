import type { components } from '@/api/schema';
import { sortPriority, type StatusColour } from '@/lib/status/status';
import { placementDisplay } from '@/lib/status/group';
import { today, type SelectionMode } from '../calendar/rules';
import { jobMessages, validTime } from '@/features/jobs';
import type { PlacementAmendment } from './api/amend-placements';

/** A booking with its placements and instructions (GET /booking/{id}). */
export type Booking = components['schemas']['BookingView'];
export type Placement = components['schemas']['PlacementView'];
export type Instruction = components['schemas']['InstructionView'];
export type Rate = components['schemas']['Rate'];

/** One row of the Placements section: a placement with one of its instructions, or none. */
export interface PlacementRow {
  placement: Placement;
  instruction: Instruction | null;
  /**
   * How the placement group display rule (placementDisplay) treats the row: whether the
   * placement lists it, the placement's colour, and whether its person was substituted.
   * Absent in hand-made rows: listed, coloured by the instruction alone.
   */
  display?: { shown: boolean; group: StatusColour; substituted: boolean };
}

/** A row's identity: the placement and its instruction (or 'none'). */
export const rowKey = (r: PlacementRow) => `${r.placement.id}:${r.instruction?.id ?? 'none'}`;

/**
 * One row per instruction of each placement, and one for a placement without any; by date and
 * start, then title, then the status sort priority of spec part 2 §4. Each row says how the
 * placement group display rule treats it (display); listedRows keeps the ones it lists.
 */
export function placementRows(booking: Booking): PlacementRow[] {
  const rows = (booking.placements ?? []).flatMap((placement): PlacementRow[] => {
    const instructions = placement.instructions ?? [];
    if (instructions.length === 0) return [{ placement, instruction: null }];
    const d = placementDisplay(instructions);
    const listed = new Map(d.rows.map((r) => [r.instruction, r]));
    return instructions.map((instruction) => ({
      placement,
      instruction,
      display: {
        shown: listed.has(instruction),
        group: d.colour,
        substituted: listed.get(instruction)?.substituted ?? false,
      },
    }));
  });
  const priority = (r: PlacementRow) =>
    r.instruction
      ? sortPriority({ ...r.instruction, deleted: Boolean(r.instruction.deletedAt) })
      : 5;
  return rows.sort(
    (a, b) =>
      a.placement.date.localeCompare(b.placement.date) ||
      a.placement.startTime.localeCompare(b.placement.startTime) ||
      a.placement.title.localeCompare(b.placement.title) ||
      a.placement.id - b.placement.id ||
      priority(a) - priority(b),
  );
}

/** The distinct placements of some rows, in row order. */
export function placementsOf(rows: readonly PlacementRow[]): Placement[] {
  const seen = new Map<number, Placement>();
  for (const r of rows) if (!seen.has(r.placement.id)) seen.set(r.placement.id, r.placement);
  return [...seen.values()];
}

/**
 * The rows the placement group display rule lists (cancelled offers only when substituted, a
 * confirmed placement's extra offers left out), and how many it leaves out.
 */
export function listedRows(rows: readonly PlacementRow[]): { rows: PlacementRow[]; left: number } {
  const listed = rows.filter((r) => r.display?.shown ?? true);
  return { rows: listed, left: rows.length - listed.length };
}

/** The create booking form's values and rules (spec part 2 §2 'Booking create page'). */
export interface BookingFormValues {
  jobTemplateId: string | null;
  title: string;
  reference: string;
  type: BookingType;
  direct: boolean;
  substitutionAllowed: boolean;
  ir35: boolean;
  placementTemplateIds: string[];
  /** The calendar's selection mode, sent as periodType. */
  periodType: SelectionMode;
  dates: string[];
}

export type BookingType = 'default' | 'pre_confirmed';

/** The booking types as the forms show them (spec part 2 §1). */
export const bookingTypeOptions: { value: BookingType; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'pre_confirmed', label: 'Pre-confirmed' },
];

export const bookingTypeLabel = (type: string) =>
  bookingTypeOptions.find((o) => o.value === type)?.label ?? type;

/** At most this many dates in one booking (the bookings contract: 1..366). */
export const MAX_BOOKING_DATES = 366;

export const bookingFormMessages = {
  jobTemplateRequired: 'Choose a job template.',
  datesRequired: 'Choose at least one date on the calendar.',
  tooManyDates: `Choose at most ${MAX_BOOKING_DATES} dates.`,
  placementsRequired: 'Choose at least one placement template.',
  titleRequired: 'Title is required.',
  pastDates: 'These dates are in the past:',
} as const;

/**
 * The chosen dates already gone (before today in the browser's calendar), in order: the form
 * asks before booking them. The server takes them (recording past work is legitimate), so this
 * is a warning, not a rule the API enforces.
 */
export function pastDates(dates: readonly string[], now: Date = new Date()): string[] {
  const t = today(now);
  return [...new Set(dates)].filter((d) => d < t).sort();
}

export const initialBookingValues: BookingFormValues = {
  jobTemplateId: null,
  title: '',
  reference: '',
  type: 'default',
  direct: false,
  substitutionAllowed: false,
  ir35: false,
  placementTemplateIds: [],
  periodType: 'range',
  dates: [],
};

export function validateBooking(
  v: BookingFormValues,
): Partial<Record<keyof BookingFormValues, string>> {
  const errors: Partial<Record<keyof BookingFormValues, string>> = {};
  if (!v.jobTemplateId) errors.jobTemplateId = bookingFormMessages.jobTemplateRequired;
  if (v.dates.length === 0) errors.dates = bookingFormMessages.datesRequired;
  if (v.dates.length > MAX_BOOKING_DATES) errors.dates = bookingFormMessages.tooManyDates;
  if (v.jobTemplateId && v.placementTemplateIds.length === 0) {
    errors.placementTemplateIds = bookingFormMessages.placementsRequired;
  }
  return errors;
}

/**
 * The createBooking payload: the chosen dates in order, type and periodType; never startDate or
 * endDate (spec part 2 §2). A blank title lets the server take the job template's.
 */
export function bookingPayload(v: BookingFormValues) {
  return {
    jobTemplateId: Number(v.jobTemplateId),
    title: v.title.trim() || undefined,
    reference: v.reference.trim() || undefined,
    type: v.type,
    direct: v.direct,
    substitutionAllowed: v.substitutionAllowed,
    ir35: v.ir35,
    periodType: v.periodType,
    dates: [...new Set(v.dates)].sort(),
    placementTemplateIds: v.placementTemplateIds.map(Number),
  };
}

/** The Edit Booking section's values: what PATCH /booking/{id} may change. */
export interface EditBookingValues {
  title: string;
  reference: string;
  ir35: boolean;
  substitutionAllowed: boolean;
}

export function validateEditBooking(
  v: EditBookingValues,
): Partial<Record<keyof EditBookingValues, string>> {
  return v.title.trim() ? {} : { title: bookingFormMessages.titleRequired };
}

/** PATCH /booking/{id}: the version read and the editable fields (type and template never). */
export function editBookingPayload(v: EditBookingValues, version: number) {
  return {
    version,
    title: v.title.trim(),
    reference: v.reference.trim(),
    ir35: v.ir35,
    substitutionAllowed: v.substitutionAllowed,
  };
}

/**
 * The Amend Placements form (spec part 2 §2 'Booking edit page', §5): title, start, end and
 * unpaid breaks required; times typed HH:mm and sent HH:mm:00; one set of values for every
 * selected placement.
 */
export interface AmendPlacementValues {
  title: string;
  startTime: string;
  endTime: string;
  supplierNotes: string;
  /** '' while the field is empty. */
  unpaidBreaks: number | string;
}

// The title and time texts and the time rule are the placement template editor's (the jobs
// feature): the server answers with the same sentences.
export const amendMessages = {
  titleRequired: jobMessages.titleRequired,
  time: jobMessages.time,
  breaksRequired: 'Unpaid breaks are required.',
  breaksNegative: 'Unpaid breaks cannot be negative.',
  differentPeriods:
    'The selected placements have different periods. The changes apply to all of them.',
  cancelledPlacements: 'Cancelled placements cannot be amended.',
} as const;

/** The form starts from the first placement's values. */
export function amendInitialValues(placements: readonly Placement[]): AmendPlacementValues {
  const p = placements[0];
  return {
    title: p?.title ?? '',
    startTime: p?.startTime.slice(0, 5) ?? '',
    endTime: p?.endTime.slice(0, 5) ?? '',
    supplierNotes: p?.supplierNotes ?? '',
    unpaidBreaks: p?.unpaidBreaks ?? 0,
  };
}

/** Whether the placements differ in their start or end time (the warning of §2). */
export function differentPeriods(placements: readonly Placement[]): boolean {
  return (
    new Set(placements.map((p) => `${p.startTime.slice(0, 5)}-${p.endTime.slice(0, 5)}`)).size > 1
  );
}

export function validateAmend(
  v: AmendPlacementValues,
): Partial<Record<keyof AmendPlacementValues, string>> {
  const errors: Partial<Record<keyof AmendPlacementValues, string>> = {};
  if (!v.title.trim()) errors.title = amendMessages.titleRequired;
  const start = validTime(v.startTime.trim());
  if (start) errors.startTime = start;
  const end = validTime(v.endTime.trim());
  if (end) errors.endTime = end;
  if (v.unpaidBreaks === '' || v.unpaidBreaks === null) {
    errors.unpaidBreaks = amendMessages.breaksRequired;
  } else if (!Number.isInteger(Number(v.unpaidBreaks)) || Number(v.unpaidBreaks) < 0) {
    errors.unpaidBreaks = amendMessages.breaksNegative;
  }
  return errors;
}

/** 'HH:mm' → 'HH:mm:00' (a time already with seconds stays). */
export const wireTime = (t: string) => {
  const s = t.trim();
  return s.length === 5 ? `${s}:00` : s;
};

/** PATCH /placements: the same values for each placement, with its revision. */
export function amendPayload(
  placements: readonly Placement[],
  v: AmendPlacementValues,
): PlacementAmendment[] {
  return placements.map((p) => ({
    id: p.id,
    revision: p.revision,
    title: v.title.trim(),
    startTime: wireTime(v.startTime),
    endTime: wireTime(v.endTime),
    supplierNotes: v.supplierNotes,
    unpaidBreaks: Number(v.unpaidBreaks),
  }));
}

/**
 * The looks of the booking page's action buttons. Mantine's light and subtle variants hover to
 * colour 2 behind colour-9 text (3.8:1 red, 4.0:1 blue), under WCAG AA's 4.5:1 while the pointer
 * rests on the button just clicked; the default variant and an outline in shade 9 (5:1 hovered)
 * keep it.
 */
export const actionButton = {
  neutral: { size: 'xs', variant: 'default' },
  danger: { size: 'xs', variant: 'outline', color: 'red.9' },
} as const;
