/**
 * The booking types the screens share. Stub until the API exists: the bookings-web work
 * replaces these with types derived from the generated schema (web/src/api/schema.d.ts).
 */
export interface Instruction {
  id: number;
  placementId: number;
  userId: number;
  supplierStatus: string;
  clientStatus: string;
}

export interface Placement {
  id: number;
  title: string;
  instructions: Instruction[];
}

/** One row of the Placements section: a placement with one of its instructions, or none. */
export interface PlacementRow {
  placement: Placement;
  instruction: Instruction | null;
}
