import { describe, expect, it } from 'vitest';
import { placementDisplay, type GroupInstruction } from './group';
import sharedCases from '../../../../internal/bookings/status/testdata/group_cases.json';

interface Case {
  name: string;
  members: (GroupInstruction & { substitute?: boolean })[];
  freelancerView: boolean;
  colour: string;
  shown: number[];
  hidden: boolean;
}

// The same cases drive the Go twin (internal/bookings/status/group_test.go). A member marked
// substitute there replaces somebody; here that is a substitutionOfId.
const cases = (sharedCases as Case[]).map((c) => ({
  ...c,
  members: c.members.map(({ substitute, ...m }, n) => ({
    ...m,
    id: n + 1,
    substitutionOfId: substitute ? 999 : null,
    substituted: m.substituted ?? false,
  })),
}));

describe('placement group display', () => {
  it('reads the shared cases', () => {
    expect(cases.length).toBeGreaterThan(10);
  });

  it.each(cases)('$name', (c) => {
    const d = placementDisplay(c.members, { freelancerView: c.freelancerView });
    expect(d.colour).toBe(c.colour);
    expect(d.rows.map((r) => c.members.indexOf(r.instruction))).toEqual(c.shown);
    expect(d.hidden).toBe(c.hidden);
  });

  const offer = (id: number, supplierStatus: string, clientStatus: string, more = {}) => ({
    id,
    supplierStatus,
    clientStatus,
    deletedAt: null,
    substitutionOfId: null,
    ...more,
  });

  it('an accepted placement with an earlier offer to someone else cancelled is not red', () => {
    const d = placementDisplay([
      offer(1, 'cancelled', 'awaiting_response'),
      offer(2, 'accepted', 'accepted'),
    ]);
    expect(d.colour).toBe('green');
    expect(d.label).toBe('Confirmed');
    expect(d.rows.map((r) => r.instruction.id)).toEqual([2]);
    expect(d.hiddenCount).toBe(1);
  });

  it('marks a substituted instruction, read from the list, struck through', () => {
    const d = placementDisplay([
      offer(1, 'cancelled', 'accepted'),
      offer(2, 'awaiting_response', 'accepted', { substitutionOfId: 1 }),
    ]);
    expect(d.colour).toBe('orange');
    expect(d.rows.map((r) => [r.instruction.id, r.substituted, r.substitute])).toEqual([
      [1, true, false],
      [2, false, true],
    ]);
  });

  it('no longer counts someone substituted when their substitute declined', () => {
    const d = placementDisplay([
      offer(1, 'cancelled', 'accepted'),
      offer(2, 'rejected', 'accepted', { substitutionOfId: 1 }),
    ]);
    expect(d.colour).toBe('red');
    expect(d.rows.map((r) => r.instruction.id)).toEqual([2]);
  });

  it('the worst colour wins', () => {
    const d = placementDisplay([
      offer(1, 'accepted', 'accepted'),
      offer(2, 'accepted', 'awaiting_response'),
      offer(3, 'rejected', 'awaiting_response'),
    ]);
    expect(d.colour).toBe('red');
    expect(d.rows).toHaveLength(3);
  });

  it('a deleted instruction is gray', () => {
    expect(
      placementDisplay([offer(1, 'accepted', 'accepted', { deletedAt: '2027-01-01' })]).colour,
    ).toBe('gray');
  });
});
