import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { RequireAuth } from '../guards/require-auth';
import { AppLayout } from './app-layout';

const routes = [
  { path: '/login', element: <p>login screen</p> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/bookings', element: <h1>Bookings</h1> },
          { path: '/users', element: <p>users page</p> },
        ],
      },
    ],
  },
];

function serve(user: CurrentUser, extra: Record<string, () => Response> = {}) {
  return mockApi({
    'GET /api/v1/account/whoami': () => jsonResponse(user),
    'GET /api/v1/app-info': () =>
      jsonResponse({ environment: 'DEMO', providers: [], productName: 'Hive' }),
    'GET /api/v1/account/token': () => jsonResponse({ token: 't' }),
    ...extra,
  });
}

describe('AppLayout', () => {
  it('shows landmarks, name, role label, badges and the footer', async () => {
    serve(makeUser({ canAdmin: true, needs: ['admin'], buildId: 'abc123', actionsRequired: 3 }));
    renderRoutes(routes, { path: '/bookings' });
    expect(await screen.findByRole('heading', { name: 'Bookings' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2023-2024 Hive');
    expect(screen.getByText('Build abc123')).toBeInTheDocument();
    expect(screen.getByTestId('current-user-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(await screen.findByText('DEMO')).toBeInTheDocument();
    expect(screen.getByLabelText('3 actions required')).toBeInTheDocument();
    expect(screen.getByLabelText('Account status: Active')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Lists')).toBeInTheDocument();
    expect(within(nav).getByText('Administration')).toBeInTheDocument();
    expect(within(nav).queryByText('User Guide')).not.toBeInTheDocument();
  });

  it('user menu: Profile and Sign out, Cancel Impersonation only while impersonating', async () => {
    serve(makeUser());
    const { unmount } = renderRoutes(routes, { path: '/bookings' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(
      screen.queryByRole('menuitem', { name: 'Cancel Impersonation' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('User')).toBeInTheDocument();
    unmount();

    const admin = makeUser({ id: 9, fullName: 'Root Admin', canAdmin: true, needs: ['admin'] });
    serve(makeUser({ fullName: 'Sam Turner', impersonator: { id: 9, fullName: 'Root Admin' } }), {
      'POST /api/v1/account/cancel-impersonate': () => jsonResponse(admin),
    });
    renderRoutes(routes, { path: '/bookings' });
    expect(await screen.findByTestId('current-user-name')).toHaveTextContent('Sam Turner');
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel Impersonation' }));
    expect(await screen.findByText('users page')).toBeInTheDocument();
    expect(screen.getByTestId('current-user-name')).toHaveTextContent('Root Admin');
  });

  it('Sign out posts logout and goes to login', async () => {
    let loggedOut = false;
    serve(makeUser(), {
      'POST /api/v1/account/logout': () => {
        loggedOut = true;
        return new Response(null, { status: 204 });
      },
    });
    renderRoutes(routes, { path: '/bookings' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(loggedOut).toBe(true);
  });
});
