/**
 * The TypeScript twin of internal/bookings/status (status.go): the combined colour of an
 * instruction, its sort priority and the worst colour of a group (spec part 2 §4). Colour and
 * priority are tested against the same table of cases as the Go code
 * (internal/bookings/status/testdata/colour_cases.json); change both twins together.
 */
export type StatusColour = 'green' | 'purple' | 'orange' | 'red' | 'gray';

/** The colours in the order the status filter shows them (Go: status.Colours). */
export const STATUS_COLOURS: readonly StatusColour[] = ['red', 'orange', 'purple', 'green', 'gray'];

export interface StatusPair {
  supplierStatus: string;
  clientStatus: string;
  deleted?: boolean;
}

const ACCEPTED = 'accepted';
const AWAITING = 'awaiting_response';

const closed = (s: StatusPair) =>
  [s.supplierStatus, s.clientStatus].some((x) => x === 'cancelled' || x === 'rejected');

/**
 * Both accepted green; supplier accepted and client awaiting purple; any cancelled or rejected
 * red; awaiting on either side orange; otherwise, and for a deleted instruction, gray.
 */
export function colourOf(s: StatusPair): StatusColour {
  if (s.deleted) return 'gray';
  if (s.supplierStatus === ACCEPTED && s.clientStatus === ACCEPTED) return 'green';
  if (s.supplierStatus === ACCEPTED && s.clientStatus === AWAITING) return 'purple';
  if (closed(s)) return 'red';
  if (s.supplierStatus === AWAITING || s.clientStatus === AWAITING) return 'orange';
  return 'gray';
}

/** Lower sorts first: both accepted, any cancelled or rejected, supplier awaiting, client awaiting. */
export function sortPriority(s: StatusPair): number {
  if (s.supplierStatus === ACCEPTED && s.clientStatus === ACCEPTED) return 0;
  if (closed(s)) return 1;
  if (s.supplierStatus === AWAITING) return 2;
  if (s.clientStatus === AWAITING) return 3;
  return 4;
}

const rank: Record<StatusColour, number> = { gray: 0, green: 1, purple: 2, orange: 3, red: 4 };

/** The colour of a group: red over orange over purple over green over gray (none: gray). */
export function worst(colours: readonly StatusColour[]): StatusColour {
  return colours.reduce<StatusColour>((w, c) => (rank[c] > rank[w] ? c : w), 'gray');
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

/** What each colour means, for legends and screen readers. */
export const colourLabel: Record<StatusColour, string> = {
  green: 'Confirmed',
  purple: 'Awaiting client confirmation',
  orange: 'Awaiting response',
  red: 'Cancelled or rejected',
  gray: 'Not instructed or removed',
};

/** A status as people read it ('awaiting_response' → 'Awaiting response'). */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Both sides of an instruction, supplier first: 'Accepted / Awaiting response'. */
export function statusSummary(s: StatusPair): string {
  return `${statusLabel(s.supplierStatus)} / ${statusLabel(s.clientStatus)}`;
}

/**
 * Who must answer next, in plain words, or null when nobody must: the freelancer while their
 * side awaits ('Waiting for Ann Lee's answer'), then the client ('Waiting for the client's
 * confirmation'). name is the freelancer's.
 */
export function waitingFor(s: StatusPair, name: string): string | null {
  if (s.deleted) return null;
  if (closed(s)) return null;
  if (s.supplierStatus === AWAITING) return `Waiting for ${name}'s answer`;
  if (s.clientStatus === AWAITING) return "Waiting for the client's confirmation";
  return null;
}
