/**
 * The pure rules of the instruction actions (spec part 2 §2 'Booking edit page', §4, §5, §8):
 * which selected rows an action may use, the rate change as a percentage, the availability
 * colour, the substitute search, and a change to acknowledge as its lines say it. The screens
 * only call these.
 */
import type { components } from '@/api/schema';
import { bookingSelectionWarnings } from '@/lib/errors/catalogue';
import { countOf, formatPeriod } from '@/lib/format';

/** What the rules read of a selected row of the Placements grid. */
export interface RowLike {
  placement: { id: number; placementTemplateId?: number | null };
  instruction: { id: number } | null;
}

/** The warnings (their texts live in the toast catalogue). */
export const selectionWarnings = {
  noRows: bookingSelectionWarnings.noRows,
  notInstructed: bookingSelectionWarnings.notInstructed,
  alreadyInstructed: bookingSelectionWarnings.alreadyInstructed,
  severalPlacementTypes: bookingSelectionWarnings.severalPlacementTypes,
} as const;

/** The outcome of checking a selection: the rows to act on, or the warning to show. */
export type Checked<T> = { ok: true; value: T } | { ok: false; warning: string };

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Invite: every selected row must be without an instruction and all of one placement template.
 * Returns that template and the distinct placements.
 */
export function checkInvite(
  rows: RowLike[],
): Checked<{ placementTemplateId: number; placementIds: number[] }> {
  if (rows.length === 0) return { ok: false, warning: selectionWarnings.noRows };
  if (rows.some((r) => r.instruction)) {
    return { ok: false, warning: selectionWarnings.alreadyInstructed };
  }
  const templates = unique(rows.map((r) => r.placement.placementTemplateId ?? 0));
  if (templates.length > 1) return { ok: false, warning: selectionWarnings.severalPlacementTypes };
  return {
    ok: true,
    value: {
      placementTemplateId: templates[0] ?? 0,
      placementIds: unique(rows.map((r) => r.placement.id)),
    },
  };
}

/** Amend Rates, Accept, Reject, Cancel...: every selected row must hold an instruction. */
export function checkInstructed<R extends RowLike>(
  rows: R[],
): Checked<(R & { instruction: NonNullable<R['instruction']> })[]> {
  if (rows.length === 0) return { ok: false, warning: selectionWarnings.noRows };
  if (rows.some((r) => !r.instruction))
    return { ok: false, warning: selectionWarnings.notInstructed };
  return { ok: true, value: rows as (R & { instruction: NonNullable<R['instruction']> })[] };
}

/** Parses a rate typed by the user: a plain decimal number, else null. */
export function parseRate(text: string | number): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  const t = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/**
 * The change from the current rate to the new one as a percentage, e.g. '+10.00%', '-5.50%',
 * '0.00%'; 'ERROR' when either is not a number (or the current rate is zero, so no percentage
 * exists).
 */
export function rateChange(current: number | null | undefined, next: string | number): string {
  const n = parseRate(next);
  if (n === null || current === null || current === undefined || !Number.isFinite(current)) {
    return 'ERROR';
  }
  if (current === 0) return n === 0 ? '0.00%' : 'ERROR';
  const pct = ((n - current) / current) * 100;
  const rounded = Math.round(pct * 100) / 100;
  const sign = rounded > 0 ? '+' : '';
  return `${sign}${rounded.toFixed(2)}%`;
}

export type AvailabilityColour = 'red' | 'yellow' | 'green';

/**
 * Availability colour (spec part 2 §4): red below 0.5, yellow below 0.8, otherwise green. Twin of
 * the Go rule; both tests read internal/bookings/testdata/availability_colour_cases.json.
 */
export function availabilityColour(ratio: number): AvailabilityColour {
  if (ratio < 0.5) return 'red';
  if (ratio < 0.8) return 'yellow';
  return 'green';
}

/** A ratio as a whole percentage, e.g. 0.6 → '60%'. */
export function percent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

/** The status actions of the Placements toolbar (spec part 2 §4 'Actions on selected instructions'). */
export type StatusAction = 'accept' | 'reject' | 'acceptAsSupplier' | 'rejectAsSupplier' | 'cancel';

export interface StatusItem {
  id: number;
  version?: number;
  supplierStatus?: 'accepted' | 'rejected' | 'cancelled';
  clientStatus?: 'accepted' | 'rejected' | 'cancelled';
  cancellationReason?: string;
}

/**
 * The PATCH /instruction/status items of an action. Accept and Reject set the acting role's own
 * side: the supplier side for a freelancer, the client side for a manager; 'as Supplier' is a
 * manager acting for the supplier; Cancel cancels the client side with the reason.
 */
export function statusItems(
  action: StatusAction,
  instructions: { id: number; version?: number }[],
  actingAsFreelancer: boolean,
  cancellationReason?: string,
): StatusItem[] {
  return instructions.map(({ id, version }) => {
    const base = { id, version };
    switch (action) {
      case 'accept':
        return actingAsFreelancer
          ? { ...base, supplierStatus: 'accepted' as const }
          : { ...base, clientStatus: 'accepted' as const };
      case 'reject':
        return actingAsFreelancer
          ? { ...base, supplierStatus: 'rejected' as const }
          : { ...base, clientStatus: 'rejected' as const };
      case 'acceptAsSupplier':
        return { ...base, supplierStatus: 'accepted' as const };
      case 'rejectAsSupplier':
        return { ...base, supplierStatus: 'rejected' as const };
      case 'cancel':
        return { ...base, clientStatus: 'cancelled' as const, cancellationReason };
    }
  });
}

/**
 * The server's per-instruction permission flags (InstructionActions in internal/bookings): each
 * is the answer of the rule the write applies, so the page keeps no copy of who may do what.
 */
export type ActionFlag =
  | 'canAccept'
  | 'canReject'
  | 'canAcceptAsSupplier'
  | 'canRejectAsSupplier'
  | 'canCancel'
  | 'canSubstitute';

export type InstructionAction = StatusAction | 'substitute';

/** The flag that allows each action. */
export const actionFlags: Record<InstructionAction, ActionFlag> = {
  accept: 'canAccept',
  reject: 'canReject',
  acceptAsSupplier: 'canAcceptAsSupplier',
  rejectAsSupplier: 'canRejectAsSupplier',
  cancel: 'canCancel',
  substitute: 'canSubstitute',
};

const STATUS_ACTIONS: StatusAction[] = [
  'accept',
  'reject',
  'acceptAsSupplier',
  'rejectAsSupplier',
  'cancel',
];

/** What the toolbar reads of a row: its instruction's flags, when it has one. */
export interface FlaggedRow {
  instruction: ({ id: number } & Partial<Record<ActionFlag, boolean>>) | null;
}

/**
 * The actions the Placements toolbar offers: Invite and Amend Rates to whoever manages the
 * booking (its canManage: the grant's and the rate amendment's rule), and each status action
 * and Substitute when the server allows it on at least one instruction of the booking. Nobody
 * is shown an action they may not take anywhere on the page.
 */
export function offeredActions(
  rows: readonly FlaggedRow[],
  canManage: boolean,
): { invite: boolean; amendRates: boolean; status: StatusAction[]; substitute: boolean } {
  const anywhere = (flag: ActionFlag) => rows.some((r) => r.instruction?.[flag] === true);
  return {
    invite: canManage,
    amendRates: canManage,
    status: STATUS_ACTIONS.filter((a) => anywhere(actionFlags[a])),
    substitute: anywhere('canSubstitute'),
  };
}

const pastTense: Record<InstructionAction, string> = {
  accept: 'accepted',
  reject: 'rejected',
  acceptAsSupplier: 'accepted as the supplier',
  rejectAsSupplier: 'rejected as the supplier',
  cancel: 'cancelled',
  substitute: 'substituted',
};

/** The warning when some selected instructions do not allow the action (the flags say so). */
export function notAllowedWarning(action: InstructionAction, refused: number, selected: number) {
  const what = pastTense[action];
  return selected === 1
    ? `The selected instruction cannot be ${what}.`
    : `${refused} of the ${selected} selected instructions cannot be ${what}.`;
}

/** The instructions of the selection, when every one of them allows the action. */
export function checkAllowed<I extends { id: number } & Partial<Record<ActionFlag, boolean>>>(
  instructions: I[],
  action: InstructionAction,
): Checked<I[]> {
  const refused = instructions.filter((i) => i[actionFlags[action]] !== true).length;
  if (refused > 0) {
    return { ok: false, warning: notAllowedWarning(action, refused, instructions.length) };
  }
  return { ok: true, value: instructions };
}

/** A change to an accepted placement that its freelancer has not acknowledged yet. */
export type ChangeToAcknowledge = NonNullable<
  components['schemas']['InstructionView']['changeToAcknowledge']
>;
type PlacementFacts = ChangeToAcknowledge['before'];

/** One line of a change: what changed, as it was and as it is. */
export interface ChangeLine {
  label: string;
  before: string;
  after: string;
}

const TIME_FIELDS = ['date', 'startTime', 'endTime'];

const periodOf = (f: PlacementFacts, timeZone: string | undefined) =>
  formatPeriod([f.startAt, f.endAt], timeZone);

const orNone = (s: string) => (s.trim() === '' ? 'none' : s);

/**
 * The lines a change shows, in the order of its fields: a moved date or time as the whole
 * period twice, in the viewer's time and in the department's (departmentZone; the viewer's
 * zone first, labelled), then unpaid breaks, title, notes and address as they were and are.
 */
export function changeLines(
  change: ChangeToAcknowledge,
  departmentZone: string,
  viewerZone: string | undefined,
): ChangeLine[] {
  const lines: ChangeLine[] = [];
  const fields = change.fields ?? [];
  if (fields.some((f) => TIME_FIELDS.includes(f))) {
    lines.push({
      label: `Your time${viewerZone ? ` (${viewerZone})` : ''}`,
      before: periodOf(change.before, undefined),
      after: periodOf(change.after, undefined),
    });
    lines.push({
      label: `Department time (${departmentZone})`,
      before: periodOf(change.before, departmentZone),
      after: periodOf(change.after, departmentZone),
    });
  }
  for (const field of fields) {
    const line = fieldLine(field, change.before, change.after);
    if (line) lines.push(line);
  }
  return lines;
}

function fieldLine(field: string, b: PlacementFacts, a: PlacementFacts): ChangeLine | null {
  switch (field) {
    case 'unpaidBreaks':
      return {
        label: 'Unpaid breaks',
        before: `${b.unpaidBreaks} min`,
        after: `${a.unpaidBreaks} min`,
      };
    case 'title':
      return { label: 'Title', before: b.title, after: a.title };
    case 'supplierNotes':
      return { label: 'Notes', before: orNone(b.supplierNotes), after: orNone(a.supplierNotes) };
    case 'address':
      return { label: 'Address', before: orNone(b.address), after: orNone(a.address) };
  }
  return null;
}

/** How long a change has waited since since, at now: '45 min', '2 h 5 min', '1 day 3 h'. */
export function waitedFor(since: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${countOf(days, 'day')} ${hours} h` : countOf(days, 'day');
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}
