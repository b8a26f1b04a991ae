import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { HomeRoute } from './home';
import { accountKeys } from '@/lib/query-keys';

const invitation = {
  id: 5,
  user: { id: 1, fullName: 'Ada Lovelace' },
  email: 'ada@example.com',
  message: 'Join our crew list.',
  status: 'pending',
  purpose: 'freelancer',
  entityId: 3,
  entity: { id: 3, name: 'Northbridge Broadcasting' },
  invitedBy: { id: 2, fullName: 'Morgan Mills' },
  createdAt: '2026-01-05T09:30:00Z',
  expiresAt: '2026-01-19T09:30:00Z',
  version: 4,
};

function setup() {
  let pending = [invitation];
  const patches: unknown[] = [];
  mockApi({
    'GET /api/v1/invitation/by-user/1': () =>
      jsonResponse({ items: pending, total: pending.length }),
    'GET /api/v1/account/token': () => jsonResponse({ token: 'csrf' }),
    'PATCH /api/v1/invitation/5': async (req) => {
      const body = (await req.json()) as { status: string };
      patches.push(body);
      pending = [];
      return jsonResponse({ ...invitation, status: body.status, version: 5 });
    },
  });
  const view = renderRoutes([{ path: '/', element: <HomeRoute /> }], { user: makeUser() });
  view.queryClient.setQueryData(accountKeys.whoami(), makeUser());
  return { ...view, patches, user: userEvent.setup() };
}

describe('home invitation cards', () => {
  it('accepting sends the status and version, removes the card and refreshes whoami', async () => {
    const { patches, user, queryClient } = setup();
    expect(
      await screen.findByRole('article', { name: 'Invitation to join Northbridge Broadcasting' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Join our crew list.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(patches).toEqual([{ status: 'accepted', version: 4 }]);
    expect(await screen.findByText('You have no pending invitations.')).toBeInTheDocument();
    expect(queryClient.getQueryState(accountKeys.whoami())?.isInvalidated).toBe(true);
    expect(await screen.findByText('Invitation Accepted')).toBeInTheDocument();
  });

  it('rejecting removes the card too', async () => {
    const { patches, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(patches).toEqual([{ status: 'rejected', version: 4 }]);
  });
});

describe('Home: timesheets', () => {
  it('says how many timesheets await the user and links to Timesheets; nothing when none', async () => {
    mockApi({
      'GET /api/v1/invitation/by-user/1': () => jsonResponse({ items: [], total: 0 }),
    });
    const view = renderRoutes([{ path: '/', element: <HomeRoute /> }], {
      user: makeUser({ timesheetActions: 2 }),
    });
    const section = await screen.findByRole('region', { name: 'Timesheets' });
    expect(section).toHaveTextContent('2 timesheets await you');
    expect(screen.getByRole('link', { name: 'Open Timesheets' })).toHaveAttribute(
      'href',
      '/timesheets',
    );
    view.unmount();
    renderRoutes([{ path: '/', element: <HomeRoute /> }], { user: makeUser() });
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(screen.queryByRole('region', { name: 'Timesheets' })).not.toBeInTheDocument();
  });
});
