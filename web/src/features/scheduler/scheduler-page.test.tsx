import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { CurrentUserProvider } from '@/lib/current-user';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { groupFixture, summaryFixture } from './fixtures.test-data';
import { SchedulerPage } from './scheduler-page';

const manager = makeUser({ id: 9, needs: ['department_manager', 'manage_department:3'] });
const freelancer = makeUser({ id: 5, isFreelancer: true, needs: ['freelancer'] });

beforeEach(() => {
  // Today is 23 November 2026; only the clock is fake (the tests move it), timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 12));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const busyDay = [1, 2, 3, 4, 5].map((i) =>
  groupFixture({
    placementIds: [100 + i],
    placementTitle: `Shift ${i}`,
    colour: i === 1 ? 'red' : 'green',
  }),
);

function open(user: CurrentUser = manager, path = '/bookings') {
  const summaries: URL[] = [];
  mockApi({
    'GET /api/v1/account/token': () => jsonResponse({ token: 't' }),
    'GET /api/v1/booking/summary': (r) => {
      const url = new URL(r.url);
      summaries.push(url);
      return jsonResponse(summaryFixture(url, { '2026-11-10': busyDay }));
    },
    'GET /api/v1/booking/bookmark': () => jsonResponse({ items: [] }),
    'GET /api/v1/job/brief': () => jsonResponse([]),
  });
  renderRoutes(
    [
      {
        path: '/bookings',
        element: (
          <CurrentUserProvider user={user}>
            <SchedulerPage />
          </CurrentUserProvider>
        ),
      },
      { path: '/bookings/list', element: <p>Grid page</p> },
    ],
    { path },
  );
  return { summaries };
}

describe('SchedulerPage', () => {
  it('shows the month of today with each day’s groups as chips, at most three', async () => {
    const { summaries } = open();
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    const day = await screen.findByRole('gridcell', {
      name: 'Tuesday 10 November 2026, 5 placements',
    });
    expect(within(day).getByText('Shift 1 09:00–17:00 (3)')).toBeInTheDocument();
    expect(within(day).queryByText(/Shift 4/)).not.toBeInTheDocument();
    expect(within(day).getByText('+2 more')).toBeInTheDocument();
    const month = summaries.find((u) => u.searchParams.get('overviewOnly') === 'true')!;
    expect(month.searchParams.get('startDate')).toBe('2026-11-01');
    expect(month.searchParams.get('endDate')).toBe('2026-11-30');
    // Today is selected by default.
    expect(screen.getByRole('gridcell', { name: /^Monday 23 November 2026/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('moves one month per click, throttled to one move per 500 ms, three with ctrl', async () => {
    const { summaries } = open();
    await screen.findByRole('gridcell', { name: /5 placements/ });
    const next = screen.getByRole('button', { name: 'Next month' });
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    vi.setSystemTime(Date.now() + 499);
    fireEvent.click(next);
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    vi.setSystemTime(Date.now() + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }), { ctrlKey: true });
    expect(screen.getByRole('heading', { name: 'September 2026' })).toBeInTheDocument();
    // December was left before its 500 ms fetch delay ran out: only September is fetched.
    await waitFor(() =>
      expect(summaries.some((u) => u.searchParams.get('startDate') === '2026-09-01')).toBe(true),
    );
    expect(summaries.some((u) => u.searchParams.get('startDate') === '2026-12-01')).toBe(false);
  });

  it('refreshes at most once per 5 seconds', async () => {
    const { summaries } = open();
    await screen.findByRole('gridcell', { name: /5 placements/ });
    const months = () => summaries.filter((u) => u.searchParams.get('overviewOnly') === 'true');
    const before = months().length;
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    fireEvent.click(refresh);
    await waitFor(() => expect(months()).toHaveLength(before + 1));
    vi.setSystemTime(Date.now() + 4999);
    fireEvent.click(refresh);
    vi.setSystemTime(Date.now() + 1);
    fireEvent.click(refresh);
    await waitFor(() => expect(months()).toHaveLength(before + 2));
  });

  it('deselects weekdays through the dialog and switches to custom mode', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('gridcell', { name: /5 placements/ });
    // A drag over Monday 2 to Sunday 8 November.
    const from = screen.getByRole('gridcell', { name: /^Monday 2 November/ });
    const to = screen.getByRole('gridcell', { name: /^Sunday 8 November/ });
    fireEvent.pointerDown(from, { button: 0, pointerId: 1 });
    fireEvent.pointerEnter(to);
    fireEvent.pointerUp(window);
    expect(screen.getByText('7 days selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deselect days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deselect days' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday (1)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sunday (1)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deselect' }));
    expect(screen.getByText('5 days selected')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
  });

  it('gives managers the filter panel, the grid toggle and the Create Booking tab', async () => {
    open(manager, '/bookings?departmentIds=3');
    expect(await screen.findByRole('button', { name: 'Filters (1)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Create Booking' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Booking' })).toHaveAttribute(
      'href',
      '/bookings/create',
    );
    expect(screen.queryByRole('tab', { name: 'Mark Availability' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Grid' }));
    expect(await screen.findByText('Grid page')).toBeInTheDocument();
  });

  it('gives freelancers Mark Availability and no filters', async () => {
    open(freelancer);
    expect(await screen.findByRole('tab', { name: 'Mark Availability' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filters/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Create Booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Booking' })).not.toBeInTheDocument();
  });
});
