import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { cardFixture } from '@/test/agenda.test-data';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { HomeRoute } from './home';

/** An offer on placement id of the Matchday booking, in a London department. */
const offer = (id: number, over: Partial<components['schemas']['AgendaCard']> = {}) => {
  const card = cardFixture({ bookingTitle: 'Matchday', departmentTimezone: 'Europe/London' });
  return { ...card, placement: { ...card.placement, id }, instructions: [], ...over };
};

const freelancer = makeUser({
  needs: ['freelancer'],
  isFreelancer: true,
  onboardingState: 'complete',
  offersAwaitingAnswer: 2,
});

function setup(agenda: () => Response, user = freelancer) {
  const asked: string[] = [];
  mockApi({
    'GET /api/v1/agenda': (req) => {
      asked.push(new URL(req.url).search);
      return agenda();
    },
    'GET /api/v1/invitation/by-user/1': () => jsonResponse({ items: [], total: 0 }),
  });
  renderRoutes([{ path: '/', element: <HomeRoute /> }], { user });
  return { asked };
}

const offersRegion = () => screen.findByRole('region', { name: 'Offers to answer' });

describe('home: offers to answer', () => {
  it("lists the freelancer's Outstanding offers, each linking to where it is answered", async () => {
    const { asked } = setup(() =>
      jsonResponse({
        items: [
          offer(7),
          offer(8, { canOpen: false, bookingTitle: 'Cup Final', clientName: 'Alpha' }),
        ],
        total: 2,
        tab: 'outstanding',
        view: 'freelancer',
      }),
    );
    const region = await offersRegion();
    const list = await within(region).findByRole('list', { name: 'Offers to answer' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Camera Operator · Matchday' })).toHaveAttribute(
      'href',
      '/bookings/31/edit?placementId=7',
    );
    expect(first).toHaveTextContent('Northbridge Media · Sport');
    expect(first).toHaveTextContent('(Europe/London)');
    // The booking the user may not open: its offer is answered on the agenda.
    expect(
      within(second).getByRole('link', { name: 'Camera Operator · Cup Final' }),
    ).toHaveAttribute('href', '/agenda?tab=outstanding');
    expect(within(region).getByText('2 offers awaiting your answer.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Open your agenda' })).toHaveAttribute(
      'href',
      '/agenda?tab=outstanding',
    );
    const outstanding = asked.find((q) => q.includes('tab=outstanding'));
    expect(outstanding).toContain('as=freelancer');
  });

  it('says so when no offer awaits an answer', async () => {
    setup(() => jsonResponse({ items: [], total: 0, tab: 'outstanding', view: 'freelancer' }), {
      ...freelancer,
      offersAwaitingAnswer: 0,
    });
    const region = await offersRegion();
    expect(
      await within(region).findByText('You have no offers awaiting your answer.'),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the offers cannot be read, with Retry", async () => {
    setup(() => errorResponse(500, 'The agenda is resting.', 'S-500'));
    const region = await offersRegion();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your offers');
    expect(alert).toHaveTextContent('The agenda is resting.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is not shown to staff with no offers', async () => {
    const { asked } = setup(() => jsonResponse({ items: [], total: 0 }), makeUser());
    expect(await screen.findByText('You have no pending invitations.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offers to answer' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
