/**
 * The TypeScript twin of internal/bookings/status: the combined colour of an instruction and its
 * sort priority (spec part 2 §4). Both are tested against the same table of cases
 * (internal/bookings/status/testdata/colour_cases.json).
 */
export type StatusColour = 'green' | 'purple' | 'orange' | 'red' | 'gray';

export interface StatusPair {
  supplierStatus: string;
  clientStatus: string;
  deleted?: boolean;
}

const closed = (s: StatusPair) =>
  [s.supplierStatus, s.clientStatus].some((x) => x === 'cancelled' || x === 'rejected');

export function colourOf(s: StatusPair): StatusColour {
  if (s.deleted) return 'gray';
  if (s.supplierStatus === 'accepted' && s.clientStatus === 'accepted') return 'green';
  if (s.supplierStatus === 'accepted' && s.clientStatus === 'awaiting_response') return 'purple';
  if (closed(s)) return 'red';
  if (s.supplierStatus === 'awaiting_response' || s.clientStatus === 'awaiting_response') {
    return 'orange';
  }
  return 'gray';
}

/** Lower sorts first: both accepted, any cancelled or rejected, supplier awaiting, client awaiting. */
export function sortPriority(s: StatusPair): number {
  if (s.supplierStatus === 'accepted' && s.clientStatus === 'accepted') return 0;
  if (closed(s)) return 1;
  if (s.supplierStatus === 'awaiting_response') return 2;
  if (s.clientStatus === 'awaiting_response') return 3;
  return 4;
}

/**
 * The Mantine colour of each status colour: light shades, shown with autoContrast (dark text),
 * because white text on Mantine's mid shades stays below 4.5:1.
 */
export const mantineColour: Record<StatusColour, string> = {
  green: 'green.3',
  purple: 'grape.3',
  orange: 'orange.4',
  red: 'red.3',
  gray: 'gray.3',
};

/** A status as people read it ('awaiting_response' → 'Awaiting response'). */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
