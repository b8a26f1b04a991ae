import { formatDateTime } from '@/lib/format';

/**
 * What every instruction view tells of a pencil (a hold): its kind, its rank among
 * the freelancer's holds on those days, whether a higher one exists (never whose), and the
 * deadlines of an open challenge either way. The server derives all of it.
 */
export interface HoldFacts {
  kind: 'offer' | 'hold';
  holdRank: number;
  higherHoldExists: boolean;
  challengedUntil: string | null;
  challengingUntil: string | null;
}

/** A hold's facts with the statuses that say whether it still holds the pencil. */
export interface HoldStatus extends HoldFacts {
  supplierStatus: string;
  clientStatus: string;
  deletedAt?: string | null;
}

/** What the hold's buttons read: its id and the server's flags of what the viewer may do. */
export interface HoldInstruction extends HoldStatus {
  id: number;
  canConfirmHold: boolean;
  canReleaseHold: boolean;
  canChallengeHold: boolean;
}

const closed = new Set(['rejected', 'cancelled']);

/** A hold still holding the pencil: neither deleted nor cancelled or rejected on either side. */
export const isLiveHold = (i: HoldStatus) =>
  i.kind === 'hold' && !i.deletedAt && !closed.has(i.supplierStatus) && !closed.has(i.clientStatus);

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** '1st hold', '2nd hold'. */
export const holdLabel = (rank: number) => `${ordinal(rank)} hold`;

/** The line under a hold's chip: its challenge's deadline, either way, or nothing. */
export function challengeText(f: HoldFacts, timeZone?: string): string | null {
  if (f.challengedUntil) {
    return `Challenged: confirm or release by ${formatDateTime(f.challengedUntil, timeZone)}`;
  }
  if (f.challengingUntil) {
    return `Challenge open until ${formatDateTime(f.challengingUntil, timeZone)}`;
  }
  return null;
}

/** Whether the viewer may do anything to the hold: the server's flags. */
export const offersHoldAction = (i: HoldInstruction) =>
  i.canConfirmHold || i.canReleaseHold || i.canChallengeHold;
