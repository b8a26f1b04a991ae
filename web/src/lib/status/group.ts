/**
 * The TypeScript twin of internal/bookings/status/group.go: the placement group display rule of
 * spec part 2 §4, which of a placement's instructions a view lists, how each row is marked, and
 * the one colour the placement shows. The agenda's cards, the booking page and the scheduler's
 * chips use it; it is tested against the same table of cases as the Go code
 * (internal/bookings/status/testdata/group_cases.json); change both twins together.
 */
import { colourLabel, colourOf, worst, type StatusColour, type StatusPair } from './status';

/** What the rule reads of an instruction. */
export interface GroupInstruction extends StatusPair {
  id?: number;
  deletedAt?: string | null;
  /** Set: this instruction replaces that one. */
  substitutionOfId?: number | null;
  /**
   * A live instruction replaces this one. The agenda and scheduler say so; when left out it is
   * read from the list (another live instruction names this one in substitutionOfId).
   */
  substituted?: boolean;
  /** Alike instructions this one stands for (the scheduler's counts); 1 when left out. */
  count?: number;
}

/** One listed instruction and how its row is marked. */
export interface GroupRow<T> {
  instruction: T;
  colour: StatusColour;
  /** Struck through and labelled 'Substituted'. */
  substituted: boolean;
  /** Labelled as the substitute of someone. */
  substitute: boolean;
}

export interface PlacementDisplay<T> {
  colour: StatusColour;
  /** What the colour means ('Confirmed', 'Awaiting response', …). */
  label: string;
  /** The instructions the placement lists, in the order given. */
  rows: GroupRow<T>[];
  /** How many instructions the rule leaves out (cancelled offers, extras of a green placement). */
  hiddenCount: number;
  /** A freelancer's calendar does not show the placement at all. */
  hidden: boolean;
}

/** The text marking a substituted row (struck through beside it). */
export const SUBSTITUTED_LABEL = 'Substituted';

const isDeleted = (i: GroupInstruction) => Boolean(i.deleted ?? i.deletedAt);
const isCancelled = (i: StatusPair) =>
  i.supplierStatus === 'cancelled' || i.clientStatus === 'cancelled';
const isLive = (i: GroupInstruction) =>
  !isDeleted(i) &&
  ![i.supplierStatus, i.clientStatus].some((s) => s === 'cancelled' || s === 'rejected');

/**
 * The rule, in order:
 *  1. a cancelled instruction is hidden unless it was substituted (it is then struck through),
 *     so an offer cancelled earlier does not paint a placement someone has since accepted red;
 *  2. the colour is the worst of the remaining instructions, leaving out substituted ones (their
 *     substitute stands for them); with nothing else left, the worst of the substituted ones;
 *     gray when nothing remains;
 *  3. a green placement hides its non-green instructions unless it holds a substitution, and
 *     always hides its substitutes that are not accepted on both sides;
 *  4. a freelancer does not see red placements, nor placements left with nothing of theirs.
 */
export function placementDisplay<T extends GroupInstruction>(
  instructions: readonly T[],
  { freelancerView = false }: { freelancerView?: boolean } = {},
): PlacementDisplay<T> {
  const replaced = new Set(
    instructions
      .filter((i) => i.substitutionOfId != null && isLive(i))
      .map((i) => i.substitutionOfId),
  );
  const members = instructions.map((i) => ({
    instruction: i,
    colour: colourOf({ ...i, deleted: isDeleted(i) }),
    substituted: i.substituted ?? (i.id !== undefined && replaced.has(i.id)),
    substitute: i.substitutionOfId != null,
    count: i.count ?? 1,
    cancelled: isCancelled(i),
  }));
  const kept = members.filter((m) => m.count > 0 && (!m.cancelled || m.substituted));
  const substitution = kept.some((m) => m.substitute || m.substituted);
  const standing = kept.filter((m) => !m.substituted).map((m) => m.colour);
  const colour = standing.length
    ? worst(standing)
    : worst(kept.filter((m) => m.substituted).map((m) => m.colour));
  const shown = kept.filter(
    (m) => !(colour === 'green' && m.colour !== 'green' && (!substitution || m.substitute)),
  );
  return {
    colour,
    label: colourLabel[colour],
    rows: shown.map(({ instruction, colour: c, substituted, substitute }) => ({
      instruction,
      colour: c,
      substituted,
      substitute,
    })),
    hiddenCount: instructions.length - shown.length,
    hidden: freelancerView && (colour === 'red' || shown.length === 0),
  };
}
