import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { makeUser, renderRoutes } from '@/test/render';
import { formatPeriod } from '@/lib/format';
import { cardFixture, rowFixture } from '@/test/agenda.test-data';
import type { AgendaCard as CardData } from '../rules';
import { AgendaCard } from './agenda-card';

const felix = makeUser({ id: 5, isFreelancer: true, needs: ['freelancer'] });
const manager = makeUser({ id: 9, needs: ['manage_department:3'] });

function show(card: CardData, user: CurrentUser = felix) {
  return renderRoutes(
    [
      {
        path: '/',
        element: <AgendaCard card={card} view={user === manager ? 'manager' : 'freelancer'} />,
      },
      { path: '/bookings/:id/edit', element: <p>Edit booking page</p> },
    ],
    { user },
  );
}

/** Felix's accepted row whose notes changed two hours ago: the server's flags for viewer. */
const changedRow = (canAcknowledge: boolean) =>
  rowFixture({
    supplierStatus: 'accepted',
    canAccept: false,
    canReject: canAcknowledge,
    canAcknowledge,
    colour: 'purple',
    changeToAcknowledge: {
      since: new Date(Date.now() - 2 * 3600_000).toISOString(),
      fields: ['supplierNotes'],
      before: {
        title: 'Camera Operator',
        supplierNotes: 'Gate A',
        unpaidBreaks: 30,
        address: '',
        timezone: 'America/New_York',
        startAt: '2026-12-07T14:00:00Z',
        endAt: '2026-12-07T22:00:00Z',
      },
      after: {
        title: 'Camera Operator',
        supplierNotes: 'Gate B',
        unpaidBreaks: 30,
        address: '',
        timezone: 'America/New_York',
        startAt: '2026-12-07T14:00:00Z',
        endAt: '2026-12-07T22:00:00Z',
      },
    },
  });

describe('AgendaCard: a change to acknowledge', () => {
  it('shows the freelancer what changed, with Acknowledge and Reject', () => {
    show(cardFixture({ instructions: [changedRow(true)], colour: 'purple' }));
    const notice = screen.getByRole('group', { name: 'Changed since you accepted (2 h ago)' });
    expect(notice).toHaveTextContent('NotesWas: Gate ANow: Gate B');
    expect(
      within(notice).getByRole('button', {
        name: 'Acknowledge the change to Camera Operator on Mon, 07 Dec 2026',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject instruction' })).toBeInTheDocument();
  });

  it('shows a manager the mark and how long it has waited, without Acknowledge', () => {
    show(cardFixture({ instructions: [changedRow(false)], colour: 'purple' }), manager);
    const notice = screen.getByRole('group', { name: 'Change not acknowledged for 2 h' });
    expect(within(notice).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('AgendaCard', () => {
  it('shows the booking, titles, client, department and both times, labelled', () => {
    const card = cardFixture();
    show(card);
    const article = screen.getByRole('article', { name: 'Camera Operator' });
    expect(within(article).getByText('Booking 31')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Copy booking id' })).toBeInTheDocument();
    expect(within(article).getByText('Premier League Football: Matchday')).toBeInTheDocument();
    expect(within(article).getByText('Northbridge Media · Sport')).toBeInTheDocument();
    expect(within(article).getByText(/^Your time/)).toBeInTheDocument();
    expect(within(article).getByText('Department time (America/New_York):')).toBeInTheDocument();
    expect(within(article).getByText('Mon, 07 Dec 2026 09:00 – 17:00')).toBeInTheDocument();
    // The viewer's zone is the test machine's; the card shows whatever it makes of the period.
    const local = formatPeriod(card.placement.period, undefined);
    expect(within(article).getAllByText(local).length).toBeGreaterThan(0);
    expect(within(article).queryByRole('img', { name: 'Overnight' })).not.toBeInTheDocument();
  });

  it("shows a pencil's rank and its deadline, with Confirm hold instead of Accept", () => {
    show(
      cardFixture({
        instructions: [
          rowFixture({
            kind: 'hold',
            holdRank: 1,
            challengedUntil: '2026-12-06T09:00:00.000Z',
            canAccept: false,
            canReject: false,
            canConfirmHold: true,
            canReleaseHold: true,
          }),
        ],
      }),
    );
    const article = screen.getByRole('article', { name: 'Camera Operator' });
    expect(within(article).getByRole('status', { name: '1st hold' })).toBeInTheDocument();
    expect(within(article).getByText(/^Challenged: confirm or release by /)).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Confirm hold' })).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Release hold' })).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('marks an overnight placement with a labelled icon', () => {
    show(cardFixture({ placement: { ...cardFixture().placement, overnight: true } }));
    expect(screen.getByRole('img', { name: 'Overnight' })).toBeInTheDocument();
  });

  it('strikes through a substituted user and labels them', () => {
    const card = cardFixture({
      instructions: [
        rowFixture({
          substituted: true,
          clientStatus: 'cancelled',
          colour: 'red',
          answerSide: 'client',
          canAccept: false,
          canReject: false,
        }),
        rowFixture({
          id: 51,
          userId: 6,
          user: { id: 6, fullName: 'Maya Chen', firstName: 'Maya', lastName: 'Chen', email: '' },
          fullName: 'Maya Chen',
          answerSide: 'client',
        }),
      ],
    });
    show(card, manager);
    const felixName = screen.getByText('Felix Reid');
    expect(felixName.tagName).toBe('S');
    const felixRow = felixName.closest('li')!;
    expect(within(felixRow).getByText('Substituted')).toBeInTheDocument();
    expect(within(felixRow).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Maya Chen').tagName).not.toBe('S');
    // Several rows: each button says whose instruction it answers.
    expect(
      screen.getByRole('button', { name: 'Accept instruction for Maya Chen' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Reject instruction for Maya Chen' }),
    ).toBeInTheDocument();
  });

  it("colours a manager's card by what it lists: an earlier cancelled offer is neither shown nor red", () => {
    const card = cardFixture({
      colour: 'red',
      instructions: [
        rowFixture({ supplierStatus: 'accepted', clientStatus: 'accepted', colour: 'green' }),
        rowFixture({
          id: 51,
          userId: 6,
          fullName: 'Maya Chen',
          supplierStatus: 'cancelled',
          colour: 'red',
        }),
      ],
    });
    show(card, manager);
    const article = screen.getByRole('article', { name: 'Camera Operator' });
    expect(within(article).getAllByText('Confirmed').length).toBeGreaterThan(0);
    expect(within(article).queryByText('Cancelled or rejected')).not.toBeInTheDocument();
    expect(within(article).queryByText('Maya Chen')).not.toBeInTheDocument();
  });

  it('tells a manager who must answer next', () => {
    show(
      cardFixture({
        instructions: [rowFixture({ clientStatus: 'accepted', answerSide: 'client' })],
      }),
      manager,
    );
    expect(screen.getByText("Waiting for Felix Reid's answer")).toBeInTheDocument();
  });

  it("says 'No user assigned' for a placement nobody holds", () => {
    show(cardFixture({ instructions: [], unassigned: true }), manager);
    const users = screen.getByRole('list', { name: 'Instructed users' });
    expect(within(users).getByText('No user assigned')).toBeInTheDocument();
  });

  it('shows the buttons only where the server allows the answer', () => {
    show(
      cardFixture({
        instructions: [
          rowFixture({ supplierStatus: 'accepted', canAccept: false, canReject: false }),
        ],
      }),
    );
    expect(screen.queryByRole('button', { name: /Accept instruction/ })).not.toBeInTheDocument();
    expect(screen.getByText('Supplier: Accepted · Client: Awaiting response')).toBeInTheDocument();
  });

  it('shows a read-only viewer (staff) no Accept or Reject', () => {
    const staff = makeUser({ id: 11, needs: ['select_department:3'] });
    show(
      cardFixture({
        instructions: [rowFixture({ answerSide: '', canAccept: false, canReject: false })],
      }),
      staff,
    );
    const article = screen.getByRole('article', { name: 'Camera Operator' });
    expect(within(article).queryByRole('button', { name: /Accept|Reject/ })).toBeNull();
  });

  it('opens the booking on a click of the card but not of its buttons', async () => {
    const user = userEvent.setup();
    const { router } = show(cardFixture());
    await user.click(screen.getByRole('button', { name: 'Copy booking id' }));
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByText('Northbridge Media · Sport'));
    expect(await screen.findByText('Edit booking page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/bookings/31/edit?placementId=7',
    );
  });

  it('opens nothing when the server says the viewer may not', async () => {
    const user = userEvent.setup();
    const { router } = show(cardFixture({ canOpen: false }));
    expect(screen.queryByRole('link', { name: 'Camera Operator' })).not.toBeInTheDocument();
    await user.click(screen.getByText('Northbridge Media · Sport'));
    expect(router.state.location.pathname).toBe('/');
  });
});
