import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, recordJson, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { isMoving, moved, type Waterfall } from '../rules';
import { canStartAgain, WaterfallPanel, waterfallHeadline } from './waterfall-panel';

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
  actions: ['pause', 'stop'],
  canAddCandidates: true,
  placementTemplateId: 7,
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
    const section = await screen.findByRole('region', { name: 'Offers in turn' });
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

  it('shows no controls for a stopped offer in turn, and its result', async () => {
    mockApi({
      'GET /api/v1/booking/5/waterfalls': () =>
        jsonResponse({
          items: [
            waterfall({
              state: 'stopped',
              open: 0,
              actions: [],
              canAddCandidates: false,
              filled: 2,
            }),
          ],
        }),
    });
    renderWithProviders(<WaterfallPanel bookingId={5} />);
    expect(await screen.findByText('Stopped: 2 of 2 filled')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Pause|Resume|Stop|Move|Add candidates|Start again/ }),
    ).toBeNull();
  });

  it('says an offer in turn ran out as a warning, without pause or stop, and adds candidates', async () => {
    const ranOut = waterfall({
      places: 1,
      filled: 0,
      open: 0,
      state: 'ran_out',
      actions: [],
      candidates: [
        { rank: 1, userId: 9, fullName: 'Felix Reid', state: 'declined' },
        { rank: 2, userId: 10, fullName: 'Amelia Hughes', state: 'expired' },
      ],
    });
    const sent = recordJson(() => jsonResponse(waterfall({ version: 5 })));
    const supplier = (id: number, fullName: string, alreadyInstructed = false) => ({
      user: { id, fullName, email: `${id}@hive.test` },
      availability: 1,
      placementIds: [11],
      alreadyInstructed,
    });
    mockApi({
      'GET /api/v1/booking/5/waterfalls': () => jsonResponse({ items: [ranOut] }),
      'GET /api/v1/booking/5/placement-template/7/available-suppliers': () =>
        jsonResponse({
          items: [
            supplier(9, 'Felix Reid', true),
            supplier(10, 'Amelia Hughes'),
            supplier(12, 'Oliver Bennett'),
            supplier(13, 'Isla Grant'),
          ],
        }),
      'POST /api/v1/waterfall/3/candidates': sent.handler,
    });
    renderWithProviders(<WaterfallPanel bookingId={5} />);
    const section = await screen.findByRole('region', { name: 'Offers in turn' });
    const state = within(section).getByTestId('waterfall-state');
    expect(state).toHaveTextContent('Ran out: 0 of 1 filled');
    expect(state).toHaveAttribute('data-colour', 'orange');
    expect(within(section).queryByTestId('waterfall-progress')).toBeNull();
    expect(within(section).queryByRole('button', { name: /Pause|Resume|Stop/ })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Start again' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Add candidates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add candidates' });
    // Those listed already or instructed on the placements are not offered again.
    await within(dialog).findByRole('checkbox', { name: 'Add Isla Grant' });
    expect(within(dialog).queryByRole('checkbox', { name: /Felix Reid|Amelia Hughes/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add Isla Grant' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add Oliver Bennett' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add (2)' }));
    await vi.waitFor(() => expect(sent.body()).toEqual({ userIds: [13, 12], version: 4 }));
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
    expect(isMoving(waterfall({ state: 'ran_out', open: 0 }))).toBe(false);
  });

  it('headlines a finished offer in turn with its result, and starts again only one unfilled', () => {
    expect(waterfallHeadline(waterfall())).toBe('Running');
    expect(waterfallHeadline(waterfall({ state: 'ran_out', filled: 0, places: 1 }))).toBe(
      'Ran out: 0 of 1 filled',
    );
    expect(waterfallHeadline(waterfall({ state: 'done', filled: 2 }))).toBe('Done: 2 of 2 filled');
    expect(canStartAgain(waterfall({ state: 'ran_out' }))).toBe(true);
    expect(canStartAgain(waterfall({ state: 'stopped' }))).toBe(true);
    expect(canStartAgain(waterfall({ state: 'stopped', filled: 2 }))).toBe(false);
    expect(canStartAgain(waterfall({ state: 'ran_out', placementTemplateId: undefined }))).toBe(
      false,
    );
    expect(canStartAgain(waterfall({ state: 'running' }))).toBe(false);
  });

  it('moves one place up or down, and not past the ends', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
