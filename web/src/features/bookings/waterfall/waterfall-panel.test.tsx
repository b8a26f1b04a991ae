import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, recordJson, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { isMoving, moved, type Waterfall } from './api';
import { WaterfallPanel } from './waterfall-panel';

const waterfall = (over: Partial<Waterfall> = {}): Waterfall => ({
  id: 3,
  bookingId: 5,
  placementIds: [11],
  places: 2,
  openAtOnce: 2,
  offerLifetimeMinutes: 240,
  state: 'running',
  version: 4,
  filled: 1,
  open: 1,
  createdAt: '2027-03-01T09:00:00.000+00:00',
  candidates: [
    { rank: 1, userId: 9, fullName: 'Felix Reid', state: 'declined' },
    { rank: 2, userId: 10, fullName: 'Amelia Hughes', state: 'accepted' },
    {
      rank: 3,
      userId: 12,
      fullName: 'Oliver Bennett',
      state: 'offered',
      answerBy: '2027-03-01T13:00:00.000+00:00',
    },
    { rank: 4, userId: 13, fullName: 'Isla Grant', state: 'pending' },
    { rank: 5, userId: 14, fullName: 'Noah Price', state: 'pending' },
  ],
  ...over,
});

describe('waterfall panel', () => {
  it('shows the progress and each candidate, and pauses with the version read', async () => {
    const sent = recordJson(() => jsonResponse(waterfall({ state: 'paused', version: 5 })));
    mockApi({
      'GET /api/v1/booking/5/waterfalls': () => jsonResponse({ items: [waterfall()] }),
      'PATCH /api/v1/waterfall/3': sent.handler,
    });
    renderWithProviders(<WaterfallPanel bookingId={5} />);
    const section = await screen.findByRole('region', { name: 'Waterfall' });
    expect(within(section).getByTestId('waterfall-progress')).toHaveTextContent(
      '1 of 2 places filled · 1 offer open',
    );
    expect(
      within(section).getByRole('progressbar', { name: '1 of 2 places filled' }),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(
        /for 1 placement: up to 2 offers open at once, each open for 4 hours\./,
      ),
    ).toBeInTheDocument();
    const rows = within(section).getAllByTestId('waterfall-candidate');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Felix ReidDeclined'),
      expect.stringContaining('Amelia HughesAccepted'),
      expect.stringContaining('Oliver BennettOffered'),
      expect.stringContaining('Isla GrantWaiting'),
      expect.stringContaining('Noah PriceWaiting'),
    ]);
    // Only those still waiting can be moved.
    expect(within(section).queryByRole('button', { name: 'Move Oliver Bennett up' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Move Isla Grant up' })).toBeDisabled();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Pause' }));
    await vi.waitFor(() => expect(sent.body()).toEqual({ action: 'pause', version: 4 }));
  });

  it("reorders those waiting and shows the server's refusal of a stale version", async () => {
    const stale = 'This waterfall was changed by someone else. Reload and try again.';
    const sent = recordJson(() => errorResponse(409, stale, 'C-409'));
    mockApi({
      'GET /api/v1/booking/5/waterfalls': () => jsonResponse({ items: [waterfall()] }),
      'PUT /api/v1/waterfall/3/order': sent.handler,
    });
    renderWithProviders(<WaterfallPanel bookingId={5} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Isla Grant down' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(stale);
    expect(sent.body()).toEqual({ userIds: [14, 13], version: 4 });
  });

  it('shows no controls for a stopped waterfall', async () => {
    mockApi({
      'GET /api/v1/booking/5/waterfalls': () =>
        jsonResponse({ items: [waterfall({ state: 'stopped', open: 0 })] }),
    });
    renderWithProviders(<WaterfallPanel bookingId={5} />);
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pause|Resume|Stop|Move/ })).toBeNull();
  });

  it('tells a failed read with a retry', async () => {
    mockApi({
      'GET /api/v1/booking/5/waterfalls': () => errorResponse(404, 'Booking not found', 'N-404'),
    });
    renderWithProviders(<WaterfallPanel bookingId={5} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the offers in turn');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('waterfall rules', () => {
  it('polls while a waterfall may move without the manager', () => {
    expect(isMoving(waterfall())).toBe(true);
    expect(isMoving(waterfall({ state: 'paused', open: 1 }))).toBe(true);
    expect(isMoving(waterfall({ state: 'paused', open: 0 }))).toBe(false);
    expect(isMoving(waterfall({ state: 'done', open: 0 }))).toBe(false);
  });

  it('moves one place up or down, and not past the ends', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
