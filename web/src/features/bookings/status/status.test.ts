import { describe, expect, it } from 'vitest';
import { colourOf, sortPriority, statusLabel } from './status';
// eslint-disable-next-line no-restricted-imports -- the cases file is shared with the Go twin, outside web/
import sharedCases from '../../../../../internal/bookings/status/testdata/colour_cases.json';

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
  it.each(cases)('$supplierStatus / $clientStatus (deleted $deleted)', (c) => {
    expect(colourOf(c)).toBe(c.colour);
    expect(sortPriority(c)).toBe(c.priority);
  });

  it('reads statuses as words', () => {
    expect(statusLabel('awaiting_response')).toBe('Awaiting response');
  });
});
