import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { REDIRECT_PATH_KEY } from '../api/provider-login';
import { OAuthCallbackRoute, readCallback } from './oauth-callback';

const routes = [
  { path: '/oauth/callback', element: <OAuthCallbackRoute /> },
  { path: '/login', element: <p>login screen</p> },
  { path: '/bookings', element: <p>bookings screen</p> },
  { path: '/agenda', element: <p>agenda screen</p> },
];

describe('readCallback', () => {
  it.each<[string, { ok: boolean; message?: string }]>([
    ['success=true&provider=google', { ok: true }],
    ['success=true', { ok: false, message: 'Invalid OAuth callback response' }],
    ['provider=google', { ok: false, message: 'Invalid OAuth callback response' }],
    ['', { ok: false, message: 'Invalid OAuth callback response' }],
    // A crafted link cannot put its own words on the page: only the codes' fixed texts show.
    [
      'error=access_denied&message=Your+account+is+locked.+Call+0800+000',
      { ok: false, message: 'OAuth authentication failed' },
    ],
    ['error=failed&message=Call+0800+000', { ok: false, message: 'OAuth authentication failed' }],
    ['error=Call+0800+000', { ok: false, message: 'OAuth authentication failed' }],
    ['error=toString', { ok: false, message: 'OAuth authentication failed' }],
    [
      'error=not_activated&message=lies',
      { ok: false, message: 'Your account has not been activated yet.' },
    ],
    [
      'error=start_failed',
      { ok: false, message: 'Failed to initiate login with the provider. Please try again.' },
    ],
  ])('%s', (query, expected) => {
    const outcome = readCallback(new URLSearchParams(query));
    expect(outcome.ok).toBe(expected.ok);
    if (!outcome.ok) expect(outcome.toast.message).toBe(expected.message);
  });
});

describe('OAuthCallbackRoute', () => {
  it('goes to the stored redirect path on success', async () => {
    sessionStorage.setItem(REDIRECT_PATH_KEY, '/agenda');
    mockApi({ 'GET /api/v1/account/whoami': () => jsonResponse(makeUser()) });
    renderRoutes(routes, { path: '/oauth/callback?success=true&provider=google' });
    expect(await screen.findByText('agenda screen')).toBeInTheDocument();
    expect(await screen.findByText('Login successful. Hello, Ada!')).toBeInTheDocument();
    expect(sessionStorage.getItem(REDIRECT_PATH_KEY)).toBeNull();
  });

  it('goes to bookings without a stored path', async () => {
    mockApi({ 'GET /api/v1/account/whoami': () => jsonResponse(makeUser()) });
    renderRoutes(routes, { path: '/oauth/callback?success=true&provider=google' });
    expect(await screen.findByText('bookings screen')).toBeInTheDocument();
  });

  it('shows the invalid-callback toast and goes to login when params are missing', async () => {
    mockApi({});
    renderRoutes(routes, { path: '/oauth/callback' });
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(await screen.findByText('Invalid OAuth callback response')).toBeInTheDocument();
  });

  it("shows the code's own text, not the link's message, and goes to login", async () => {
    mockApi({});
    renderRoutes(routes, {
      path: '/oauth/callback?error=no_account&message=Call%20us%20on%200800%20000',
    });
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No Hive account uses this e-mail address. Sign up first, or ask for an invitation.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/0800/)).toBeNull();
  });
});
