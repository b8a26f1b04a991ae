import { describe, expect, it } from 'vitest';
import { colourOf, sortPriority, statusLabel, statusSummary, waitingFor, worst } from './status';
import sharedCases from '../../../../internal/bookings/status/testdata/colour_cases.json';

interface Case {
  supplierStatus: string;
  clientStatus: string;
  deleted: boolean;
  colour: string;
  priority: number;
}

// The same cases drive the Go twin (internal/bookings/status/status_test.go).
const cases = sharedCases as Case[];

describe('instruction status colour and priority', () => {
  it('reads the shared cases', () => {
    expect(cases.length).toBeGreaterThan(5);
  });

  it.each(cases)('$supplierStatus / $clientStatus (deleted $deleted)', (c) => {
    expect(colourOf(c)).toBe(c.colour);
    expect(sortPriority(c)).toBe(c.priority);
  });

  // The same table as Go's TestWorstColourOfAGroup.
  it.each([
    [[], 'gray'],
    [['green', 'green'], 'green'],
    [['green', 'purple'], 'purple'],
    [['purple', 'orange', 'green'], 'orange'],
    [['green', 'red', 'orange'], 'red'],
    [['gray', 'green'], 'green'],
  ] as const)('worst of %j is %s', (colours, want) => {
    expect(worst(colours)).toBe(want);
  });

  it('reads statuses as words', () => {
    expect(statusLabel('awaiting_response')).toBe('Awaiting response');
    expect(statusSummary({ supplierStatus: 'accepted', clientStatus: 'awaiting_response' })).toBe(
      'Accepted / Awaiting response',
    );
  });

  it('says who must answer next', () => {
    const pair = (supplierStatus: string, clientStatus: string) => ({
      supplierStatus,
      clientStatus,
    });
    expect(waitingFor(pair('awaiting_response', 'accepted'), 'Ann Lee')).toBe(
      "Waiting for Ann Lee's answer",
    );
    expect(waitingFor(pair('awaiting_response', 'awaiting_response'), 'Ann Lee')).toBe(
      "Waiting for Ann Lee's answer",
    );
    expect(waitingFor(pair('accepted', 'awaiting_response'), 'Ann Lee')).toBe(
      "Waiting for the client's confirmation",
    );
    expect(waitingFor(pair('accepted', 'accepted'), 'Ann Lee')).toBeNull();
    expect(waitingFor(pair('cancelled', 'awaiting_response'), 'Ann Lee')).toBeNull();
  });
});
