import { describe, expect, it } from 'vitest';
import { listedRows, placementRows } from './types';
import {
  bookingFixture,
  instructionFixture,
  placementFixture,
} from '../components/fixtures.test-data';

describe('placementRows', () => {
  it('lists what the placement group display rule shows, coloured by the placement', () => {
    const booking = bookingFixture({
      placements: [
        placementFixture({
          instructions: [
            instructionFixture({ id: 1, supplierStatus: 'cancelled', clientStatus: 'accepted' }),
            instructionFixture({ id: 2, supplierStatus: 'accepted', clientStatus: 'accepted' }),
          ],
        }),
      ],
    });
    const rows = placementRows(booking);
    expect(rows).toHaveLength(2);
    const { rows: listed, left } = listedRows(rows);
    expect(listed.map((r) => r.instruction?.id)).toEqual([2]);
    expect(left).toBe(1);
    expect(listed[0]?.display?.group).toBe('green');
  });

  it('marks the substituted person of a substitution', () => {
    const booking = bookingFixture({
      placements: [
        placementFixture({
          instructions: [
            instructionFixture({ id: 1, supplierStatus: 'cancelled', clientStatus: 'accepted' }),
            instructionFixture({
              id: 2,
              userId: 8,
              supplierStatus: 'awaiting_response',
              clientStatus: 'accepted',
              substitutionOfId: 1,
            }),
          ],
        }),
      ],
    });
    const { rows, left } = listedRows(placementRows(booking));
    expect(left).toBe(0);
    const byId = new Map(rows.map((r) => [r.instruction?.id, r.display]));
    expect(byId.get(1)).toEqual({ shown: true, group: 'orange', substituted: true });
    expect(byId.get(2)).toEqual({ shown: true, group: 'orange', substituted: false });
  });
});
