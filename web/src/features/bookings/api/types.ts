import type { components } from '@/api/schema';

/** A booking with its placements and instructions (GET /booking/{id}). */
export type Booking = components['schemas']['BookingView'];
export type Placement = components['schemas']['PlacementView'];
export type Instruction = components['schemas']['InstructionView'];

/** One row of the Placements section: a placement with one of its instructions, or none. */
export interface PlacementRow {
  placement: Placement;
  instruction: Instruction | null;
}

/** One row per instruction of each placement, and one for a placement without any. */
export function placementRows(booking: Booking): PlacementRow[] {
  return (booking.placements ?? []).flatMap((placement): PlacementRow[] => {
    const instructions = placement.instructions ?? [];
    if (instructions.length === 0) return [{ placement, instruction: null }];
    return instructions.map((instruction) => ({ placement, instruction }));
  });
}
