import type { components } from '@/api/schema';
import { sortPriority } from '@/lib/status/status';

/** A booking with its placements and instructions (GET /booking/{id}). */
export type Booking = components['schemas']['BookingView'];
export type Placement = components['schemas']['PlacementView'];
export type Instruction = components['schemas']['InstructionView'];
export type Rate = components['schemas']['Rate'];

/** One row of the Placements section: a placement with one of its instructions, or none. */
export interface PlacementRow {
  placement: Placement;
  instruction: Instruction | null;
}

/** A row's identity: the placement and its instruction (or 'none'). */
export const rowKey = (r: PlacementRow) => `${r.placement.id}:${r.instruction?.id ?? 'none'}`;

/**
 * One row per instruction of each placement, and one for a placement without any; by date and
 * start, then title, then the status sort priority of spec part 2 §4.
 */
export function placementRows(booking: Booking): PlacementRow[] {
  const rows = (booking.placements ?? []).flatMap((placement): PlacementRow[] => {
    const instructions = placement.instructions ?? [];
    if (instructions.length === 0) return [{ placement, instruction: null }];
    return instructions.map((instruction) => ({ placement, instruction }));
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
