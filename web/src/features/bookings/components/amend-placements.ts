import { jobMessages, validTime } from '@/features/jobs';
import type { Placement } from '../api/types';
import type { PlacementAmendment } from '../api/bookings';

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
