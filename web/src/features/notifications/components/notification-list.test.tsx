import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { makeNotification } from '../fixtures.test-data';
import { NotificationList } from './notification-list';

const unread = makeNotification({ id: 11, subject: 'New offer: Camera Operator' });
const read = makeNotification({
  id: 10,
  subject: 'Offer withdrawn',
  readReceipt: '2026-01-02T10:00:00Z',
});

/** Renders the list for Felix (id 7), answering every list request with 45 notifications. */
function open(userId: number | null = null) {
  const asked: URL[] = [];
  const list = (r: Request) => {
    asked.push(new URL(r.url));
    return jsonResponse({ items: [unread, read], total: 45 });
  };
  mockApi({ 'GET /api/v1/notification': list, 'GET /api/v1/notification/by-user/7': list });
  const user = makeUser(userId ? { id: 1, canAdmin: true } : { id: 7, isFreelancer: true });
  renderRoutes([{ path: '/', element: <NotificationList userId={userId} /> }], { user });
  return { asked, section: () => screen.getByRole('region', { name: 'Notifications' }) };
}

const rowOf = (el: HTMLElement) => el.closest<HTMLElement>('[role="row"]')!;

describe('NotificationList', () => {
  it('marks unread rows in words and weight, read rows as Read', async () => {
    const { section } = open();
    const offer = await within(section()).findByRole('link', {
      name: 'New offer: Camera Operator',
    });
    expect(within(rowOf(offer)).getByText('Unread')).toBeVisible();
    expect(offer).toHaveStyle({ fontWeight: '700' });
    const withdrawn = within(section()).getByRole('link', { name: 'Offer withdrawn' });
    expect(within(rowOf(withdrawn)).getByText('Read')).toBeVisible();
    expect(within(rowOf(withdrawn)).queryByText('Unread')).toBeNull();
    expect(withdrawn).not.toHaveStyle({ fontWeight: '700' });
    expect(offer).toHaveAttribute('href', '/notifications/11');
  });

  it('pages 20 at a time by default, and asks for the page and size chosen', async () => {
    const { asked, section } = open();
    await within(section()).findByText('1–20 of 45');
    expect(asked[0]?.searchParams.get('page')).toBe('1');
    expect(asked[0]?.searchParams.get('pageSize')).toBe('20');
    await userEvent.click(within(section()).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('page')).toBe('2'));
    await userEvent.click(
      within(section()).getByRole('combobox', { name: 'Notifications: rows per page' }),
    );
    const sizes = await screen.findAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['20', '40', '100']);
    await userEvent.click(screen.getByRole('option', { name: '100' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('pageSize')).toBe('100'));
    expect(asked.at(-1)?.searchParams.get('page')).toBe('1');
  });

  it("reads one user's list for an administrator, its links keeping the user", async () => {
    const { asked, section } = open(7);
    const offer = await within(section()).findByRole('link', {
      name: 'New offer: Camera Operator',
    });
    expect(asked[0]?.pathname).toBe('/api/v1/notification/by-user/7');
    expect(offer).toHaveAttribute('href', '/notifications/11?userId=7');
  });

  it("shows the server's reason when the list is refused", async () => {
    mockApi({
      'GET /api/v1/notification/by-user/7': () =>
        errorResponse(403, 'Only administrators may do this', 'A-403'),
    });
    renderRoutes([{ path: '/', element: <NotificationList userId={7} /> }], {
      user: makeUser({ id: 3 }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only administrators may do this');
  });

  it('says when there are none', async () => {
    mockApi({ 'GET /api/v1/notification': () => jsonResponse({ items: [], total: 0 }) });
    renderRoutes([{ path: '/', element: <NotificationList userId={null} /> }], {
      user: makeUser({ id: 7 }),
    });
    expect(await screen.findByText('No notifications.')).toBeVisible();
  });
});
