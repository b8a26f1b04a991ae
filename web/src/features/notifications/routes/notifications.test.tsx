import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { makeNotification } from '../fixtures.test-data';
import { Component as NotificationsPage } from './notifications';

function open(user: CurrentUser, path: string) {
  const asked: string[] = [];
  const list = (r: Request) => {
    asked.push(new URL(r.url).pathname);
    return jsonResponse({ items: [makeNotification()], total: 1 });
  };
  mockApi({
    'GET /api/v1/notification': list,
    'GET /api/v1/notification/by-user/7': list,
    'GET /api/v1/notification/preferences': () =>
      jsonResponse({
        items: [
          {
            identifier: 'supplier.offered',
            group: 'supplier',
            label: 'New offer',
            description: 'You are offered a placement.',
            enabled: true,
          },
        ],
      }),
    'GET /api/v1/account/7': () =>
      jsonResponse({ id: 7, fullName: 'Felix Reid', email: 'freelancer@hive.test' }),
  });
  const rendered = renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], {
    path,
    user,
  });
  return { asked, router: rendered.router };
}

describe('/notifications', () => {
  it("shows the caller's own list under the Notifications tab", async () => {
    const { asked } = open(makeUser({ id: 7, isFreelancer: true }), '/notifications');
    expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const panel = screen.getByRole('tabpanel', { name: 'Notifications' });
    expect(
      await within(panel).findByRole('link', { name: /^New offer: Camera Operator/ }),
    ).toBeVisible();
    expect(asked).toEqual(['/api/v1/notification']);
  });

  it('offers the settings in the second tab, kept in the address', async () => {
    const { router } = open(makeUser({ id: 7, isFreelancer: true }), '/notifications');
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    const panel = screen.getByRole('tabpanel', { name: 'Settings' });
    expect(await within(panel).findByRole('switch', { name: 'New offer' })).toBeChecked();
    expect(router.state.location.search).toBe('?tab=settings');
  });

  it("shows an administrator one user's list, named and read-only, without settings", async () => {
    const admin = makeUser({ id: 1, canAdmin: true, needs: ['admin'] });
    const { asked } = open(admin, '/notifications?userId=7');
    expect(
      await screen.findByRole('heading', { name: 'Notifications of Felix Reid', level: 1 }),
    ).toBeVisible();
    expect(screen.getByText('Read-only: opening one does not mark it read.')).toBeVisible();
    expect(screen.queryByRole('tab')).toBeNull();
    const list = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(list).findByRole('link', { name: /^New offer/ })).toHaveAttribute(
      'href',
      '/notifications/11?userId=7',
    );
    expect(asked).toEqual(['/api/v1/notification/by-user/7']);
  });

  it('reads the own list when the userId is the caller', async () => {
    const { asked } = open(makeUser({ id: 7 }), '/notifications?userId=7');
    await screen.findByRole('link', { name: /^New offer/ });
    expect(asked).toEqual(['/api/v1/notification']);
  });
});
