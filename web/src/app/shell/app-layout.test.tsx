import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { RequireAuth } from '../guards/require-auth';
import { AppLayout } from './app-layout';
import { copyrightNotice } from './footer';

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
    ...extra,
  });
}

describe('AppLayout', () => {
  // Toasts live in one store for the whole file: start each test without the last one's.
  beforeEach(() => act(() => notifications.clean()));

  it('shows landmarks, name, role label, badges and the footer', async () => {
    serve(makeUser({ canAdmin: true, needs: ['admin'], buildId: 'abc123', actionsRequired: 3 }));
    renderRoutes(routes, { path: '/bookings' });
    expect(await screen.findByRole('heading', { name: 'Bookings' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© 2023–${new Date().getFullYear()} Hive`,
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent('GeoNames data, CC BY 4.0');
    expect(screen.getByText('Build abc123')).toBeInTheDocument();
    expect(screen.getByTestId('current-user-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(await screen.findByText('DEMO')).toBeInTheDocument();
    expect(screen.getByLabelText('3 actions required')).toBeInTheDocument();
    expect(screen.getByLabelText('Account status: Active')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Lists')).toBeInTheDocument();
    expect(within(nav).getByText('Administration')).toBeInTheDocument();
    expect(within(nav).getByText('Support')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'User Guide' })).toHaveAttribute(
      'href',
      '/user-guide',
    );
    expect(within(nav).getByRole('link', { name: 'Admin Guide' })).toHaveAttribute(
      'href',
      '/admin-guide',
    );
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

  it('the copyright runs from 2023 to the current year', () => {
    expect(copyrightNotice(new Date('2031-06-01T12:00:00Z'))).toBe('© 2023–2031 Hive');
  });

  it('the first tab stop skips to the main region', async () => {
    serve(makeUser());
    renderRoutes(routes, { path: '/bookings' });
    await screen.findByRole('heading', { name: 'Bookings' });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('while impersonating, a banner names the user and cancels the impersonation', async () => {
    const admin = makeUser({ id: 9, fullName: 'Root Admin', canAdmin: true, needs: ['admin'] });
    serve(makeUser({ fullName: 'Sam Turner', impersonator: { id: 9, fullName: 'Root Admin' } }), {
      'POST /api/v1/account/cancel-impersonate': () => jsonResponse(admin),
    });
    renderRoutes(routes, { path: '/bookings' });
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent('You are impersonating Sam Turner');
    await userEvent
      .setup()
      .click(within(banner).getByRole('button', { name: 'Cancel Impersonation' }));
    expect(await screen.findByText('users page')).toBeInTheDocument();
    expect(await screen.findByText('You are yourself again.')).toBeInTheDocument();
    expect(screen.getByTestId('current-user-name')).toHaveTextContent('Root Admin');
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });

  it('shows no impersonation banner to someone acting as themselves', async () => {
    serve(makeUser());
    renderRoutes(routes, { path: '/bookings' });
    await screen.findByRole('heading', { name: 'Bookings' });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });

  it("the sidebar's Agenda item names the offers awaiting the user's answer", async () => {
    serve(makeUser({ needs: ['freelancer'], isFreelancer: true, offersAwaitingAnswer: 3 }));
    const { unmount } = renderRoutes(routes, { path: '/bookings' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const agenda = within(nav).getByRole('link', { name: 'Agenda 3 offers awaiting your answer' });
    expect(agenda).toHaveTextContent('3');
    unmount();

    serve(makeUser({ needs: ['freelancer'], isFreelancer: true, offersAwaitingAnswer: 0 }));
    renderRoutes(routes, { path: '/bookings' });
    const none = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(none).getByRole('link', { name: 'Agenda' })).toBeInTheDocument();
  });
});
