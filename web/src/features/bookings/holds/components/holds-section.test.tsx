import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import type { Booking } from '@/features/bookings/booking/rules';
import {
  bookingFixture,
  instructionFixture,
  placementFixture,
} from '@/features/bookings/booking/fixtures.test-data';
import { HoldsSection, holdsOf } from './holds-section';

const pencil = (id: number, placementId: number, userId: number, fullName: string, rank: number) =>
  instructionFixture({
    id,
    placementId,
    userId,
    fullName,
    supplierStatus: 'awaiting_response',
    clientStatus: 'awaiting_response',
    kind: 'hold',
    holdRank: rank,
    higherHoldExists: rank > 1,
    canChallengeHold: rank > 1,
    canReleaseHold: true,
    canConfirmHold: rank === 1,
  });

function booking(): Booking {
  return bookingFixture({
    placements: [
      placementFixture({
        id: 1,
        instructions: [pencil(50, 1, 5, 'Felix Reid', 1), pencil(60, 1, 6, 'Ann Lee', 1)],
      }),
      placementFixture({
        id: 2,
        date: '2026-12-08',
        instructions: [
          pencil(51, 2, 5, 'Felix Reid', 2),
          instructionFixture({ id: 70, placementId: 2, userId: 7, fullName: 'Offer Only' }),
        ],
      }),
    ],
  });
}

describe('pencils section', () => {
  it("groups each freelancer's hold and ranks it by its worst day", () => {
    const holds = holdsOf(booking());
    expect(holds.map((h) => [h.name, h.days.length, h.worst.id])).toEqual([
      ['Ann Lee', 1, 60],
      ['Felix Reid', 2, 51],
    ]);
  });

  it('lists the holds with their rank and only the actions each allows', () => {
    renderRoutes([{ path: '/', element: <HoldsSection booking={booking()} /> }]);
    const section = screen.getByRole('region', { name: 'Pencils' });
    const felix = within(section).getByText('Felix Reid').closest('li')!;
    expect(
      within(felix).getByRole('status', { name: '2nd hold: a higher hold exists' }),
    ).toBeInTheDocument();
    expect(
      within(felix).getByRole('button', { name: 'Challenge for Felix Reid' }),
    ).toBeInTheDocument();
    expect(within(felix).queryByRole('button', { name: /Confirm hold/ })).toBeNull();
    const ann = within(section).getByText('Ann Lee').closest('li')!;
    expect(
      within(ann).getByRole('button', { name: 'Confirm hold for Ann Lee' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Offer Only')).toBeNull();
  });

  it('is absent when the booking has no live hold', () => {
    renderRoutes([{ path: '/', element: <HoldsSection booking={bookingFixture()} /> }]);
    expect(screen.queryByRole('region', { name: 'Pencils' })).toBeNull();
  });
});
