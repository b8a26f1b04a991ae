import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cardFixture, rowFixture } from '@/test/agenda.test-data';
import { jsonResponse, makeUser, mockApi, recordJson, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { HomeRoute } from './home';

const freelancer = makeUser({
  needs: ['freelancer'],
  isFreelancer: true,
  onboardingState: 'complete',
  offersAwaitingAnswer: 0,
});

/** Felix's accepted Camera Operator shift, moved from 09:00 to 08:00 New York time. */
const changedCard = () =>
  cardFixture({
    instructions: [
      rowFixture({
        supplierStatus: 'accepted',
        canAccept: false,
        canAcknowledge: true,
        changeToAcknowledge: {
          since: new Date(Date.now() - 125 * 60_000).toISOString(),
          fields: ['startTime', 'title'],
          before: {
            title: 'Camera Operator',
            supplierNotes: '',
            unpaidBreaks: 30,
            address: '',
            timezone: 'America/New_York',
            startAt: '2026-12-07T14:00:00Z',
            endAt: '2026-12-07T22:00:00Z',
          },
          after: {
            title: 'Lead Camera',
            supplierNotes: '',
            unpaidBreaks: 30,
            address: '',
            timezone: 'America/New_York',
            startAt: '2026-12-07T13:00:00Z',
            endAt: '2026-12-07T22:00:00Z',
          },
        },
      }),
    ],
  });

function setup(agenda: (tab: string) => Response) {
  const acknowledged = recordJson(() => jsonResponse({ acknowledged: 1 }));
  mockApi({
    'GET /api/v1/agenda': (req) => agenda(new URL(req.url).searchParams.get('tab') ?? ''),
    'GET /api/v1/invitation/by-user/1': () => jsonResponse({ items: [], total: 0 }),
    'POST /api/v1/instruction/acknowledge': acknowledged.handler,
  });
  renderRoutes([{ path: '/', element: <HomeRoute /> }], { user: freelancer });
  return acknowledged;
}

const page = (tab: string, items: unknown[]) =>
  jsonResponse({ items, total: items.length, tab, view: 'freelancer' });

describe('home: changes to acknowledge', () => {
  it('shows what changed, before and after in both zones, and acknowledges it', async () => {
    const acknowledged = setup((tab) => page(tab, tab === 'confirmed' ? [changedCard()] : []));
    const region = await screen.findByRole('region', { name: 'Changes to acknowledge' });
    const notice = within(region).getByRole('group', {
      name: /Changed since you accepted \(2 h 5 min ago\)/,
    });
    expect(notice).toHaveTextContent('Department time (America/New_York)');
    expect(notice).toHaveTextContent('Was: Mon, 07 Dec 2026 09:00 – 17:00');
    expect(notice).toHaveTextContent('Now: Mon, 07 Dec 2026 08:00 – 17:00');
    expect(notice).toHaveTextContent('Was: Camera Operator');
    expect(notice).toHaveTextContent('Now: Lead Camera');
    await userEvent.setup().click(
      within(notice).getByRole('button', {
        name: 'Acknowledge the change to Camera Operator on Mon, 07 Dec 2026',
      }),
    );
    await vi.waitFor(() => expect(acknowledged.body()).toEqual({ ids: [50] }));
  });

  it('is hidden when nothing waits', async () => {
    setup((tab) => page(tab, []));
    expect(await screen.findByText('You have no pending invitations.')).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Changes to acknowledge' }),
    ).not.toBeInTheDocument();
  });

  it("shows the server's reason when the agenda cannot be read, with Retry", async () => {
    setup(() => errorResponse(500, 'The agenda is resting.', 'S-500'));
    const alerts = await screen.findAllByRole('alert');
    const alert = alerts.find((a) =>
      a.textContent?.includes('Could not load your changed placements'),
    );
    expect(alert).toHaveTextContent('The agenda is resting.');
    expect(within(alert!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
