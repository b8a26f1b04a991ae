import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { LoginRoute } from '@/features/accounts/routes/login';
import { NotFound } from './not-found';

const routes = [
  { path: '/login', element: <p>login screen</p> },
  { path: '*', element: <NotFound /> },
];

describe('NotFound', () => {
  // Toasts live in one store for the whole file: start each test without the last one's.
  beforeEach(() => act(() => notifications.clean()));

  it('tells visitors and offers Back to Login', async () => {
    mockApi({
      'GET /api/v1/account/whoami': () => errorResponse(401, 'no', 'A-100'),
    });
    renderRoutes(routes, { path: '/old/app/link' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('toasts signed-in users and sends them to login', async () => {
    mockApi({ 'GET /api/v1/account/whoami': () => jsonResponse(makeUser()) });
    renderRoutes(routes, { path: '/nowhere' });
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(
      await screen.findByText('That resource does not exist, or you lack permission to access it.'),
    ).toBeInTheDocument();
  });

  it('with the real login route, a signed-in user lands on bookings with the toast', async () => {
    mockApi({
      'GET /api/v1/account/whoami': () => jsonResponse(makeUser()),
      'GET /api/v1/app-info': () =>
        jsonResponse({ environment: 'DEV', providers: [], productName: 'Hive' }),
    });
    const { router } = renderRoutes(
      [
        { path: '/login', element: <LoginRoute /> },
        { path: '/bookings', element: <p>bookings screen</p> },
        { path: '*', element: <NotFound /> },
      ],
      { path: '/no/such/page' },
    );
    expect(await screen.findByText('bookings screen')).toBeInTheDocument();
    expect(
      await screen.findByText('That resource does not exist, or you lack permission to access it.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookings');
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
