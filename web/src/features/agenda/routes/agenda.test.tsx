import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { jsonResponse, makeUser, mockApi, recordJson, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { cardFixture, rowFixture, statsFixture } from '@/test/agenda.test-data';
import { makeTimesheet } from '@/test/timesheets.test-data';
import type { AgendaCard, AgendaStats } from '../rules';
import { Component as Agenda } from './agenda';

const felix = makeUser({ id: 5, isFreelancer: true, needs: ['freelancer'] });
const manager = makeUser({ id: 9, needs: ['department_manager', 'manage_department:3'] });

function open(user: CurrentUser, path = '/agenda') {
  return renderRoutes([{ path: '/agenda', element: <Agenda /> }], { path, user });
}

/** A server holding cards per tab; answers GET /agenda and /agenda/stats from them. */
function agendaServer(
  tabs: Record<string, AgendaCard[]>,
  stats: () => AgendaStats,
  extra: Parameters<typeof mockApi>[0] = {},
) {
  const asked: string[] = [];
  const fetch = mockApi({
    'GET /api/v1/agenda': (request) => {
      const q = new URL(request.url).searchParams;
      asked.push(`${q.get('as')}:${q.get('tab')}`);
      const items = tabs[q.get('tab') ?? ''] ?? [];
      return jsonResponse({ items, total: items.length, tab: q.get('tab'), view: q.get('as') });
    },
    'GET /api/v1/agenda/stats': () => jsonResponse(stats()),
    ...extra,
  });
  return { asked, fetch };
}

describe('Agenda page', () => {
  it('opens a freelancer on Outstanding, without a Critical tab', async () => {
    const { asked } = agendaServer({ outstanding: [cardFixture()] }, () => statsFixture());
    open(felix);
    expect(await screen.findByRole('tab', { name: /Outstanding/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('tab', { name: /Critical/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Camera Operator' })).toBeInTheDocument();
    expect(asked).toEqual(['freelancer:outstanding']);
    expect(screen.getByRole('heading', { name: 'Subscribe to your calendar' })).toBeInTheDocument();
  });

  it('opens a manager on Awaiting Confirmation, with the Critical tab and no feed panel', async () => {
    const { asked } = agendaServer({}, () => statsFixture({ view: 'manager' }));
    open(manager);
    expect(await screen.findByRole('tab', { name: /Awaiting Confirmation/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: /Critical/ })).toBeInTheDocument();
    expect(await screen.findByText('Nothing awaiting confirmation.')).toBeInTheDocument();
    expect(asked).toEqual(['manager:awaiting_confirmation']);
    expect(screen.queryByText('Subscribe to your calendar')).not.toBeInTheDocument();
  });

  it('shows a freelancer their timesheets to submit above the cards, and a manager none', async () => {
    const timesheetsAsked: string[] = [];
    const timesheets = {
      'GET /api/v1/timesheet': (request: Request) => {
        timesheetsAsked.push(new URL(request.url).search);
        return jsonResponse({ items: [makeTimesheet({ id: 1 })], total: 1 });
      },
    };
    agendaServer({ outstanding: [cardFixture()] }, () => statsFixture(), timesheets);
    const view = open(felix);
    const region = await screen.findByRole('region', { name: 'Timesheets to submit (1)' });
    expect(
      within(region).getByRole('checkbox', { name: /^Autumn Fixtures: Camera Operator/ }),
    ).toBeVisible();
    view.unmount();
    timesheetsAsked.length = 0;
    agendaServer({}, () => statsFixture({ view: 'manager' }), timesheets);
    open(manager);
    expect(await screen.findByText('Nothing awaiting confirmation.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Timesheets to submit/ })).not.toBeInTheDocument();
    expect(timesheetsAsked).toEqual([]);
  });

  it('keeps the tab in the URL', async () => {
    const { asked } = agendaServer({}, () => statsFixture({ view: 'manager' }));
    const { router } = open(manager, '/agenda?tab=critical');
    expect(await screen.findByRole('tab', { name: /Critical/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByText(
        'Nothing critical: every placement in the next 48 hours is covered and every change acknowledged.',
      ),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: /Archived/ }));
    expect(await screen.findByText('Nothing archived.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=archived');
    expect(asked).toEqual(['manager:critical', 'manager:archived']);
  });

  it.each([
    [0, 'green', 'green-3'],
    [2, 'red', 'red-3'],
  ])('colours a Critical count of %i %s', async (critical, colour, shade) => {
    agendaServer({}, () => statsFixture({ view: 'manager', critical }));
    open(manager);
    const tab = await screen.findByRole('tab', { name: `Critical ${critical}` });
    const badge = within(tab).getByText(String(critical)).closest('[data-colour]')!;
    expect(badge).toHaveAttribute('data-colour', colour);
    expect(badge.getAttribute('style')).toContain(shade);
  });

  it('accepts an instruction and the card moves to Awaiting Confirmation', async () => {
    const card = cardFixture();
    const tabs: Record<string, AgendaCard[]> = { outstanding: [card] };
    let counts = statsFixture({ outstanding: 1 });
    let sent: unknown;
    agendaServer(tabs, () => counts, {
      'PATCH /api/v1/instruction/status': async (request) => {
        sent = await request.json();
        const row = rowFixture({
          supplierStatus: 'accepted',
          colour: 'purple',
          version: 4,
          canAccept: false,
          canReject: false,
        });
        tabs.outstanding = [];
        tabs.awaiting_confirmation = [{ ...card, colour: 'purple', instructions: [row] }];
        counts = statsFixture({ outstanding: 0, awaitingConfirmation: 1 });
        return jsonResponse({ updated: 1 });
      },
    });
    open(felix);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept instruction' }));
    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 50, version: 3, supplierStatus: 'accepted' }]);
    expect(await screen.findByText('Nothing outstanding.')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Awaiting Confirmation 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Awaiting Confirmation/ }));
    const moved = await screen.findByRole('article', { name: 'Camera Operator' });
    expect(
      within(moved).getByText('Supplier: Accepted · Client: Awaiting response'),
    ).toBeInTheDocument();
    expect(within(moved).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });

  it('after Accept the focus moves to the next card, then to the empty state', async () => {
    const first = cardFixture();
    const second = cardFixture({
      placement: { ...cardFixture().placement, id: 72, title: 'Sound Assistant' },
      instructions: [rowFixture({ id: 51 })],
    });
    const tabs: Record<string, AgendaCard[]> = { outstanding: [first, second] };
    agendaServer(tabs, () => statsFixture({ outstanding: tabs.outstanding!.length }), {
      'PATCH /api/v1/instruction/status': async (request) => {
        const [{ id }] = (await request.json()) as [{ id: number }];
        tabs.outstanding = tabs.outstanding!.filter((c) => c.instructions?.[0]?.id !== id);
        return jsonResponse({ updated: 1 });
      },
    });
    open(felix);
    const user = userEvent.setup();
    const firstCard = await screen.findByRole('article', { name: 'Camera Operator' });
    await user.click(within(firstCard).getByRole('button', { name: 'Accept instruction' }));
    const next = screen.getByRole('article', { name: 'Sound Assistant' });
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.queryByRole('article', { name: 'Camera Operator' })).not.toBeInTheDocument();

    await user.click(within(next).getByRole('button', { name: 'Reject instruction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this instruction?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject instruction' }));
    const empty = await screen.findByText('Nothing outstanding.');
    await waitFor(() => expect(empty).toHaveFocus());
  });

  it("asks before rejecting, sends the manager's client side and shows a refusal in the server's words", async () => {
    const card = cardFixture({
      instructions: [
        rowFixture({ supplierStatus: 'accepted', colour: 'purple', answerSide: 'client' }),
      ],
    });
    const sent = recordJson(() =>
      jsonResponse(
        { error: 'This instruction was changed by someone else. Reload and try again.' },
        409,
      ),
    );
    agendaServer({ awaiting_confirmation: [card] }, () => statsFixture({ view: 'manager' }), {
      'PATCH /api/v1/instruction/status': sent.handler,
    });
    open(manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject instruction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this instruction?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject instruction' }));
    expect(
      await screen.findByText(
        'This instruction was changed by someone else. Reload and try again.',
      ),
    ).toBeInTheDocument();
    expect(sent.body()).toEqual([{ id: 50, version: 3, clientStatus: 'rejected' }]);
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/v1/agenda': () =>
        fail
          ? errorResponse(500, 'The database is busy.')
          : jsonResponse({ items: [], total: 0, tab: 'outstanding', view: 'freelancer' }),
      'GET /api/v1/agenda/stats': () => jsonResponse(statsFixture()),
    });
    open(felix);
    // Toasts of earlier tests are alerts too: find this one by its title.
    const alert = (await screen.findByText('Could not load the agenda')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(within(alert).getByText('The database is busy.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('Nothing outstanding.')).toBeInTheDocument());
  });

  it('loads more cards page by page', async () => {
    const first = cardFixture();
    const second = cardFixture({
      placement: { ...cardFixture().placement, id: 8, title: 'Sound Supervisor' },
    });
    mockApi({
      'GET /api/v1/agenda': (request) => {
        const page = new URL(request.url).searchParams.get('page');
        return jsonResponse({
          items: page === '2' ? [second] : [first],
          total: 2,
          tab: 'outstanding',
          view: 'freelancer',
        });
      },
      'GET /api/v1/agenda/stats': () => jsonResponse(statsFixture({ outstanding: 2 })),
    });
    open(felix);
    expect(await screen.findByText('Showing 1 of 2')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Sound Supervisor' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
