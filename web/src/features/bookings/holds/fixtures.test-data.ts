import type { HoldInstruction } from './rules';

/** Instruction 50: a first hold, both sides awaiting, no hold action allowed; override the rest. */
export const hold = (over: Partial<HoldInstruction> = {}): HoldInstruction => ({
  id: 50,
  kind: 'hold',
  holdRank: 1,
  higherHoldExists: false,
  challengedUntil: null,
  challengingUntil: null,
  supplierStatus: 'awaiting_response',
  clientStatus: 'awaiting_response',
  deletedAt: null,
  canConfirmHold: false,
  canReleaseHold: false,
  canChallengeHold: false,
  ...over,
});
