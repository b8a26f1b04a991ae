import { vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, parsePath, RouterProvider, type RouteObject } from 'react-router';
import type { CurrentUser } from '@/api/types';
import { theme } from '@/app/theme';
import { CurrentUserProvider } from '@/lib/current-user';
import { errorResponse } from './server-errors';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * Renders routes in a memory router with Mantine, notifications and a fresh query client; with a
 * user, every route is rendered as that signed-in user.
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    queryClient = testQueryClient(),
    user,
    state,
  }: { path?: string; queryClient?: QueryClient; user?: CurrentUser; state?: unknown } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [{ ...parsePath(path), state }] });
  const pages = <RouterProvider router={router} />;
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        {user ? <CurrentUserProvider user={user}>{pages}</CurrentUserProvider> : pages}
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

export function renderWithProviders(ui: ReactElement, options: { user?: CurrentUser } = {}) {
  return renderRoutes([{ path: '/', element: ui }], options);
}

/** A JSON response as fetch would give it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    label: 'Producer',
    roleLabel: 'Staff',
    accountStatus: 'active',
    onboardingState: 'staff',
    canAdmin: false,
    canCreateSupplierEntity: false,
    canCreateAgencyEntity: false,
    canCreateClientEntity: false,
    isFreelancer: false,
    needs: [],
    userLevel: 'Staff',
    phone: '',
    country: 'GB',
    timezone: 'Europe/London',
    actionsRequired: 0,
    offersAwaitingAnswer: 0,
    timesheetActions: 0,
    invitations: [],
    hasSecondFactor: false,
    secondFactorRequired: false,
    mustEnrolSecondFactor: false,
    ...overrides,
  };
}

type Handler = (request: Request) => Response | Promise<Response>;

/** Replaces fetch; the handler sees each Request (path in new URL(request.url).pathname). */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(input instanceof Request ? input : new Request(input, init)),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

/**
 * What every mocked server answers unless a test routes it itself: the CSRF token the client
 * fetches before its first write.
 */
const serverDefaults: Record<string, Handler> = {
  'GET /api/v1/account/token': () => jsonResponse({ token: 't' }),
};

/** Routes by "METHOD /path" (then serverDefaults); anything else answers 404. */
export function mockApi(routes: Record<string, Handler>) {
  return mockFetch((request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const h = routes[key] ?? serverDefaults[key];
    return h ? h(request) : errorResponse(404, `no mock for ${key}`, 'N-404');
  });
}

/**
 * A route handler that keeps the JSON body of each request it answers: `handler` for mockApi,
 * `body()` the last body sent (undefined before any), `bodies` all of them in order.
 */
export function recordJson(answer: Handler) {
  const bodies: unknown[] = [];
  return {
    bodies,
    body: () => bodies.at(-1),
    handler: async (request: Request) => {
      bodies.push(await request.clone().json());
      return answer(request);
    },
  };
}

/**
 * Mocks the one route a page writes to (with the defaults), recording what it is sent; returns
 * the last body sent (undefined before any).
 */
export function mockWrite(route: string, answer: Handler) {
  const sent = recordJson(answer);
  mockApi({ [route]: sent.handler });
  return sent.body;
}
