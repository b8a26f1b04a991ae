import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../router';
import { REDIRECT_PATH, RedirectRoute, redirectTarget } from './redirect';

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

function start(state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: REDIRECT_PATH, element: <RedirectRoute /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/bookings', { pathname: REDIRECT_PATH, state }], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('/r', () => {
  it('goes on to the route held in navigation state, replacing itself', async () => {
    const router = start({ to: '/agenda?tab=outstanding' });
    expect(await screen.findByText('at /agenda?tab=outstanding')).toBeInTheDocument();
    // /r replaced itself: back is the page before it.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('at /bookings')).toBeInTheDocument();
  });

  it('goes home without a route in the state', async () => {
    start();
    expect(await screen.findByText('at /')).toBeInTheDocument();
  });

  it('follows only paths inside the app', () => {
    expect(redirectTarget({ to: '/users/3/edit' })).toBe('/users/3/edit');
    expect(redirectTarget({ to: '//evil.example/x' })).toBe('/');
    expect(redirectTarget({ to: '/\\evil.example' })).toBe('/');
    expect(redirectTarget({ to: 'https://evil.example' })).toBe('/');
    expect(redirectTarget({ to: 42 })).toBe('/');
    expect(redirectTarget(null)).toBe('/');
  });

  it('is one of the app routes', () => {
    const top = routes[0]?.children ?? [];
    expect(top.some((r) => r.path === REDIRECT_PATH)).toBe(true);
  });
});
