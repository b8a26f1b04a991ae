import type { PlacementRow } from '../api/types';

/**
 * The actions over the selected rows of the Placements section (Invite, Amend Rates, Accept,
 * Reject, Cancel...). Stub: the instructions work replaces it.
 */
export function PlacementActions(_props: {
  bookingId: number;
  rows: PlacementRow[];
  onDone: () => void;
}) {
  return null;
}
