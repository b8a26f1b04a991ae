import type { components } from '@/api/schema';
import { sortPriority, type StatusColour } from '@/lib/status/status';
import { placementDisplay } from '@/lib/status/group';

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
