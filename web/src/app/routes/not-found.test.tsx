import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { NotFound } from './not-found';

const routes = [
  { path: '/login', element: <p>login screen</p> },
  { path: '*', element: <NotFound /> },
];

describe('NotFound', () => {
  it('tells visitors and offers Back to Login', async () => {
    mockApi({
      'GET /api/v1/account/whoami': () => jsonResponse({ error: 'no', errorCode: 'A-100' }, 401),
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
});
