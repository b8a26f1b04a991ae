import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { notificationKeys } from '@/lib/query-keys';
import { jsonResponse, makeUser, mockApi, renderRoutes, testQueryClient } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { makeNotification } from '../fixtures.test-data';
import type { Notification } from '../rules';
import { Component as NotificationPage } from './notification';

const felix = makeUser({ id: 7, fullName: 'Felix Reid', isFreelancer: true });
const admin = makeUser({ id: 1, fullName: 'Ada Admin', canAdmin: true });

/** Opens notification 11 as `user`; the server answers with `stored` and records PATCHes. */
function open(user: CurrentUser, stored: Notification, path = '/notifications/11') {
  const patches: unknown[] = [];
  let current = stored;
  mockApi({
    'GET /api/v1/notification/11': () => jsonResponse(current),
    'PATCH /api/v1/notification/11': async (r) => {
      const body = (await r.json()) as { readReceipt: string };
      patches.push(body);
      current = { ...current, readReceipt: body.readReceipt };
      return jsonResponse(current);
    },
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(notificationKeys.stats(), { unread: 3, total: 9 });
  renderRoutes([{ path: '/notifications/:id', element: <NotificationPage /> }], {
    path,
    queryClient,
    user,
  });
  const statsStale = () => queryClient.getQueryState(notificationKeys.stats())?.isInvalidated;
  // A mark-read that was started shows here at once, before its request goes out.
  const writes = () => queryClient.getMutationCache().getAll().length;
  return { patches, statsStale, writes };
}

describe('a notification opened by its recipient', () => {
  it('shows subject, date, text and a link to its screen, and marks it read once', async () => {
    const before = Date.now();
    const { patches, statsStale, writes } = open(felix, makeNotification());
    expect(
      await screen.findByRole('heading', {
        name: 'New offer: Camera Operator on Mon, 05 Jan 2026',
      }),
    ).toBeVisible();
    expect(screen.getByText(/Fri, 02 Jan 2026/)).toBeVisible();
    expect(screen.getByText(/Open the booking to accept or reject it\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the page it concerns' })).toHaveAttribute(
      'href',
      '/bookings/12/edit?placementId=34',
    );
    // Read now: the receipt is today's time, the badge says so, the count is read again.
    expect(await screen.findByText('Read')).toBeVisible();
    expect(patches).toHaveLength(1);
    expect(writes()).toBe(1);
    const receipt = Date.parse((patches[0] as { readReceipt: string }).readReceipt);
    expect(receipt).toBeGreaterThanOrEqual(before - 1000);
    expect(receipt).toBeLessThanOrEqual(Date.now());
    expect(statsStale()).toBe(true);
    expect(screen.queryByText(/^To /)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('leaves a notification read already as it is', async () => {
    const { patches, writes } = open(
      felix,
      makeNotification({ readReceipt: '2026-01-02T10:00:00Z' }),
    );
    expect(await screen.findByText('Read')).toBeVisible();
    expect(writes()).toBe(0);
    expect(patches).toHaveLength(0);
  });

  it('does not follow a link that leaves the app', async () => {
    open(
      felix,
      makeNotification({ link: '//evil.example/phish', readReceipt: '2026-01-02T10:00:00Z' }),
    );
    await screen.findByText('Read');
    expect(screen.queryByRole('link', { name: 'Open the page it concerns' })).toBeNull();
  });
});

describe("an administrator reading another user's notification", () => {
  it('does not mark it read, names its recipient and leads back to their list', async () => {
    const { patches, statsStale, writes } = open(
      admin,
      makeNotification(),
      '/notifications/11?userId=7',
    );
    expect(await screen.findByText('To Felix Reid (freelancer@hive.test)')).toBeVisible();
    expect(screen.getByText('Unread')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to notifications' })).toHaveAttribute(
      'href',
      '/notifications?userId=7',
    );
    expect(writes()).toBe(0);
    expect(patches).toHaveLength(0);
    expect(statsStale()).toBe(false);
  });
});

describe('a notification that cannot be read', () => {
  it('says it is not found', async () => {
    mockApi({
      'GET /api/v1/notification/11': () => errorResponse(404, 'Notification not found', 'N-404'),
    });
    renderRoutes([{ path: '/notifications/:id', element: <NotificationPage /> }], {
      path: '/notifications/11',
      user: felix,
    });
    expect(await screen.findByRole('heading', { name: 'Notification not found' })).toBeVisible();
  });
});
