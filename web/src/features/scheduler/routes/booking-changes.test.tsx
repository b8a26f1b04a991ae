import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { rowFixture } from '../fixtures.test-data';
import { BookingChangesRoute } from './booking-changes';

const manager = makeUser({ id: 9, needs: ['department_manager', 'manage_department:3'] });

beforeEach(() => {
  // Today is 23 November 2026; only the clock is fake, timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 12));
});
afterEach(() => {
  vi.useRealTimers();
});

function open(path = '/bookings/list') {
  const asked: URLSearchParams[] = [];
  mockApi({
    'GET /api/v1/account/token': () => jsonResponse({ token: 't' }),
    'GET /api/v1/booking/summary': (r) => {
      asked.push(new URL(r.url).searchParams);
      return jsonResponse({ items: [rowFixture()], total: 1 });
    },
  });
  renderRoutes([{ path: '/bookings/list', element: <BookingChangesRoute /> }], {
    path,
    user: manager,
  });
  return { asked, last: () => asked[asked.length - 1]! };
}

describe('BookingChangesRoute', () => {
  it('lists the recent changes of every date by default, newest change first', async () => {
    const { last } = open();
    await screen.findByText('Felix Moreau');
    expect(last().has('startDate')).toBe(false);
    expect(last().has('endDate')).toBe(false);
    expect(last().get('sort')).toBe('-modified');
    expect(screen.getByRole('radio', { name: 'All dates' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Previous month' })).not.toBeInTheDocument();
  });

  it('narrows to a month when asked, and back to every date', async () => {
    const user = userEvent.setup();
    const { last } = open();
    await screen.findByText('Felix Moreau');
    await user.click(screen.getByRole('radio', { name: 'By month' }));
    await waitFor(() => expect(last().get('startDate')).toBe('2026-11-01'));
    expect(last().get('endDate')).toBe('2026-11-30');
    expect(screen.getByText('November 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(last().get('startDate')).toBe('2026-10-01'));
    await user.click(screen.getByRole('radio', { name: 'All dates' }));
    await waitFor(() => expect(last().has('startDate')).toBe(false));
  });

  it('keeps the month carried over from the scheduler', async () => {
    const { last } = open('/bookings/list?month=2027-01');
    await screen.findByText('Felix Moreau');
    expect(last().get('startDate')).toBe('2027-01-01');
    expect(screen.getByRole('radio', { name: 'By month' })).toBeChecked();
  });
});
