import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { useCurrentUser } from '@/lib/current-user';
import { LOGGING_IN_MESSAGE, RequireAuth } from './require-auth';

function Secret() {
  return <p>secret for {useCurrentUser().firstName}</p>;
}

const routes = [
  { path: '/login', element: <p>login screen</p> },
  { element: <RequireAuth />, children: [{ path: '/bookings', element: <Secret /> }] },
];

describe('RequireAuth', () => {
  it('shows the full-page notice while whoami loads', async () => {
    let release: (r: Response) => void = () => {};
    mockApi({ 'GET /api/v1/account/whoami': () => new Promise<Response>((r) => (release = r)) });
    renderRoutes(routes, { path: '/bookings' });
    expect(await screen.findByText(LOGGING_IN_MESSAGE)).toBeInTheDocument();
    expect(LOGGING_IN_MESSAGE).toBe('Logging you in. Please wait...');
    release(jsonResponse(makeUser()));
    expect(await screen.findByText('secret for Ada')).toBeInTheDocument();
  });

  it('redirects a visitor (401) to /login', async () => {
    mockApi({
      'GET /api/v1/account/whoami': () => errorResponse(401, 'not signed in', 'A-100'),
    });
    const { router } = renderRoutes(routes, { path: '/bookings?x=1' });
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/bookings?x=1' });
  });
});
