import { describe, expect, it } from 'vitest';
import { rowFixture } from '../fixtures.test-data';
import { statusText } from './changes-columns';

describe('changes grid status text', () => {
  it("names a live pencil's rank after its colour, and nothing for an offer", () => {
    expect(statusText(rowFixture())).toBe('Confirmed');
    expect(
      statusText(
        rowFixture({
          kind: 'hold',
          holdRank: 2,
          higherHoldExists: true,
          supplierStatus: 'awaiting_response',
          clientStatus: 'awaiting_response',
          colour: 'orange',
        }),
      ),
    ).toMatch(/, 2nd hold$/);
  });
});
