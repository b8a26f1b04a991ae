import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { CurrentUserProvider } from '@/lib/current-user';
import { jsonResponse, makeUser, mockApi, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { ProfileActions } from './profile-actions';

function setup(me: Partial<CurrentUser>, status = 200) {
  const calls: { path: string; body: unknown }[] = [];
  const answer = async (req: Request) => {
    calls.push({ path: new URL(req.url).pathname, body: await req.json() });
    return status === 200
      ? jsonResponse({ message: 'ok' })
      : errorResponse(status, 'nope', 'A-403');
  };
  mockApi({
    'GET /api/v1/account/token': () => jsonResponse({ token: 'csrf' }),
    'PATCH /api/v1/account/bookmark/9': answer,
    'PATCH /api/v1/account/follow/9': answer,
  });
  renderWithProviders(
    <CurrentUserProvider user={makeUser(me)}>
      <ProfileActions userId={9} isBookmarked={false} isFollowed />
    </CurrentUserProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const clientManager = { needs: ['client_manager', 'department_manager', 'manage_entity:3'] };

describe('ProfileActions', () => {
  it('bookmarks and unfollows for a client manager', async () => {
    const { calls, user } = setup(clientManager);
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByRole('button', { name: 'Unbookmark' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(calls).toEqual([
      { path: '/api/v1/account/bookmark/9', body: { bookmarked: true } },
      { path: '/api/v1/account/follow/9', body: { followed: false } },
    ]);
  });

  it('confirms a bookmark and an unfollow with the success toasts', async () => {
    const { user } = setup(clientManager);
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByText('The freelancer was bookmarked.')).toBeInTheDocument();
    expect(screen.getByText('Bookmarked')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByText('You no longer follow this freelancer.')).toBeInTheDocument();
  });

  it('shows the generic error toast and keeps the state on failure', async () => {
    const { user } = setup(clientManager, 403);
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bookmark' })).toBeEnabled());
  });

  it('department managers bookmark but do not follow', () => {
    setup({ needs: ['department_manager', 'manage_department:4'] });
    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it('Book opens booking creation with this freelancer for those who may create bookings', () => {
    setup({ needs: ['department_manager', 'manage_department:4'] });
    expect(screen.getByRole('link', { name: 'Book' })).toHaveAttribute(
      'href',
      '/bookings/create?freelancers=9',
    );
  });

  it('offers no Book to those who may not create bookings', () => {
    setup({ needs: ['staff'] });
    expect(screen.queryByRole('link', { name: 'Book' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();
  });
});
