import { vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { CurrentUser } from '@/api/types';
import { theme } from '@/app/theme';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders routes in a memory router with Mantine, notifications and a fresh query client. */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    queryClient = testQueryClient(),
  }: { path?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

export function renderWithProviders(ui: ReactElement) {
  return renderRoutes([{ path: '/', element: ui }]);
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
    invitations: [],
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

/** Routes by "METHOD /path"; anything else answers 404. */
export function mockApi(
  routes: Record<string, (request: Request) => Response | Promise<Response>>,
) {
  return mockFetch((request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const h = routes[key];
    return h ? h(request) : jsonResponse({ error: `no mock for ${key}`, errorCode: 'N-404' }, 404);
  });
}
