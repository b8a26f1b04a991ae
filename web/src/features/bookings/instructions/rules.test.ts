import { describe, expect, it } from 'vitest';
import {
  availabilityColour,
  checkInstructed,
  checkInvite,
  percent,
  rateChange,
  selectionWarnings,
  statusItems,
  offeredActions,
  checkAllowed,
  changeLines,
  waitedFor,
} from './rules';
import sharedAvailabilityCases from '../../../../../internal/bookings/testdata/availability_colour_cases.json';

const row = (placementId: number, templateId: number, instructionId?: number) => ({
  placement: { id: placementId, placementTemplateId: templateId },
  instruction: instructionId ? { id: instructionId } : null,
});

describe('row eligibility', () => {
  it('warns when no row is selected', () => {
    expect(checkInvite([])).toEqual({ ok: false, warning: 'You must select at least one row' });
    expect(checkInstructed([])).toEqual({ ok: false, warning: 'You must select at least one row' });
  });
  it('invites only rows not yet instructed', () => {
    expect(checkInvite([row(1, 7), row(2, 7, 9)])).toEqual({
      ok: false,
      warning: selectionWarnings.alreadyInstructed,
    });
  });
  it('invites for one placement type at a time', () => {
    expect(checkInvite([row(1, 7), row(2, 8)])).toEqual({
      ok: false,
      warning:
        'You can only view availability for a single placement type at a time. Uncheck all but one placement type and try again.',
    });
  });
  it('gives the template and the distinct placements', () => {
    expect(checkInvite([row(1, 7), row(2, 7), row(1, 7)])).toEqual({
      ok: true,
      value: { placementTemplateId: 7, placementIds: [1, 2] },
    });
  });
  it('amends and changes status only for instructed rows', () => {
    expect(checkInstructed([row(1, 7, 3), row(2, 7)])).toEqual({
      ok: false,
      warning: 'Some users are not yet instructed',
    });
    const ok = checkInstructed([row(1, 7, 3)]);
    expect(ok.ok && ok.value[0]?.instruction.id).toBe(3);
  });
});

describe('rate change', () => {
  it('shows the change as a percentage', () => {
    expect(rateChange(200, '220')).toBe('+10.00%');
    expect(rateChange(200, '189')).toBe('-5.50%');
    expect(rateChange(200, 200)).toBe('0.00%');
    expect(rateChange(300, '400')).toBe('+33.33%');
  });
  it("is 'ERROR' when not numeric", () => {
    expect(rateChange(200, 'abc')).toBe('ERROR');
    expect(rateChange(200, '')).toBe('ERROR');
    expect(rateChange(200, '12a')).toBe('ERROR');
    expect(rateChange(null, '10')).toBe('ERROR');
    expect(rateChange(0, '10')).toBe('ERROR');
  });
});

// The same cases drive the Go twin (internal/bookings/suppliers_test.go).
const availabilityCases = sharedAvailabilityCases as { ratio: number; colour: string }[];

describe('availability colour', () => {
  it('reads the shared cases', () => {
    expect(availabilityCases.length).toBeGreaterThan(3);
  });

  it.each(availabilityCases)('ratio $ratio is $colour', (c) => {
    expect(availabilityColour(c.ratio)).toBe(c.colour);
  });

  it('shows a ratio as a whole percentage', () => {
    expect(percent(0.6)).toBe('60%');
  });
});

describe('status items', () => {
  const ins = [{ id: 4, version: 2 }];
  it('sets the acting role’s own side', () => {
    expect(statusItems('accept', ins, true)).toEqual([
      { id: 4, version: 2, supplierStatus: 'accepted' },
    ]);
    expect(statusItems('reject', ins, false)).toEqual([
      { id: 4, version: 2, clientStatus: 'rejected' },
    ]);
    expect(statusItems('acceptAsSupplier', ins, false)).toEqual([
      { id: 4, version: 2, supplierStatus: 'accepted' },
    ]);
    expect(statusItems('cancel', ins, false, 'Other - x')).toEqual([
      { id: 4, version: 2, clientStatus: 'cancelled', cancellationReason: 'Other - x' },
    ]);
  });
});

describe('offered actions', () => {
  const flagged = (flags: Partial<Record<string, boolean>>) => ({
    instruction: { id: 1, ...flags },
  });

  it('offers each action that the server allows on some instruction of the booking', () => {
    const offered = offeredActions(
      [flagged({ canAccept: true }), flagged({ canSubstitute: true })],
      false,
    );
    expect(offered).toEqual({
      invite: false,
      amendRates: false,
      status: ['accept'],
      substitute: true,
    });
    expect(offeredActions([flagged({ canCancel: true }), { instruction: null }], true)).toEqual({
      invite: true,
      amendRates: true,
      status: ['cancel'],
      substitute: false,
    });
  });

  it('offers a read-only viewer nothing: every flag false', () => {
    const none = flagged({ canAccept: false, canReject: false, canSubstitute: false });
    expect(offeredActions([none, none], false)).toEqual({
      invite: false,
      amendRates: false,
      status: [],
      substitute: false,
    });
  });

  it('warns when some selected instructions do not allow the action', () => {
    const ok = { id: 1, canSubstitute: true, canAccept: true };
    const no = { id: 2, canSubstitute: false, canAccept: false };
    expect(checkAllowed([ok], 'substitute')).toEqual({ ok: true, value: [ok] });
    expect(checkAllowed([no], 'substitute')).toEqual({
      ok: false,
      warning: 'The selected instruction cannot be substituted.',
    });
    expect(checkAllowed([ok, no], 'accept')).toEqual({
      ok: false,
      warning: '1 of the 2 selected instructions cannot be accepted.',
    });
  });
});

describe('a change to acknowledge', () => {
  const facts = {
    title: 'Camera',
    supplierNotes: '',
    unpaidBreaks: 30,
    address: '1 Media Way',
    timezone: 'Europe/London',
    startAt: '2027-02-01T09:00:00Z',
    endAt: '2027-02-01T17:00:00Z',
  };
  it('says a moved period in both zones, then the other fields in order', () => {
    const lines = changeLines(
      {
        since: '2027-01-20T09:00:00Z',
        fields: ['startTime', 'unpaidBreaks', 'supplierNotes', 'address'],
        before: facts,
        after: {
          ...facts,
          startAt: '2027-02-01T08:00:00Z',
          unpaidBreaks: 45,
          supplierNotes: 'Gate B',
          address: '',
        },
      },
      'America/New_York',
      'Europe/London',
    );
    expect(lines).toEqual([
      {
        label: 'Your time (Europe/London)',
        before: expect.any(String),
        after: expect.any(String),
      },
      {
        label: 'Department time (America/New_York)',
        before: 'Mon, 01 Feb 2027 04:00 – 12:00',
        after: 'Mon, 01 Feb 2027 03:00 – 12:00',
      },
      { label: 'Unpaid breaks', before: '30 min', after: '45 min' },
      { label: 'Notes', before: 'none', after: 'Gate B' },
      { label: 'Address', before: '1 Media Way', after: 'none' },
    ]);
  });
  it('shows no period when only texts changed', () => {
    const lines = changeLines(
      {
        since: '2027-01-20T09:00:00Z',
        fields: ['title'],
        before: facts,
        after: { ...facts, title: 'Sound' },
      },
      'Europe/London',
      undefined,
    );
    expect(lines).toEqual([{ label: 'Title', before: 'Camera', after: 'Sound' }]);
  });
  it('says how long it has waited', () => {
    const since = '2027-01-20T09:00:00Z';
    const at = (minutes: number) => new Date(Date.parse(since) + minutes * 60_000);
    expect(waitedFor(since, at(45))).toBe('45 min');
    expect(waitedFor(since, at(120))).toBe('2 h');
    expect(waitedFor(since, at(125))).toBe('2 h 5 min');
    expect(waitedFor(since, at(27 * 60))).toBe('1 day 3 h');
    expect(waitedFor(since, at(48 * 60))).toBe('2 days');
    expect(waitedFor(since, at(-5))).toBe('0 min');
  });
});
