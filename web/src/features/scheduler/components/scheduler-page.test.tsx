import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useParams, useSearchParams } from 'react-router';
import type { CurrentUser } from '@/api/types';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { groupFixture, summaryFixture } from '../fixtures.test-data';
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
});

const busyDay = [1, 2, 3, 4, 5].map((i) =>
  groupFixture({
    placementIds: [100 + i],
    placementTitle: `Shift ${i}`,
    colour: i === 1 ? 'red' : 'green',
  }),
);

/** Fran (7) is unavailable on the 12th and 13th; the freelancer (5) on the 12th and 20th. */
const unavailability: Record<number, { fullName: string; dates: string[] }> = {
  5: { fullName: 'Felix Moreau', dates: ['2026-11-12', '2026-11-20'] },
  7: { fullName: 'Fran Free', dates: ['2026-11-12', '2026-11-13'] },
};

function open(user: CurrentUser = manager, path = '/bookings') {
  const summaries: URL[] = [];
  const unavailable: URL[] = [];
  mockApi({
    'GET /api/v1/unavailability/by-user-ids': (r) => {
      const url = new URL(r.url);
      unavailable.push(url);
      return jsonResponse(
        url.searchParams.getAll('userIds').map((id) => ({
          userId: Number(id),
          user: { id: Number(id), fullName: unavailability[Number(id)]!.fullName },
          dates: unavailability[Number(id)]!.dates,
        })),
      );
    },
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
      { path: '/bookings', element: <SchedulerPage /> },
      { path: '/bookings/list', element: <p>Grid page</p> },
      { path: '/bookings/:id/edit', element: <BookingPage /> },
    ],
    { path, user },
  );
  return { summaries, unavailable };
}

function BookingPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  return (
    <p>
      Booking {id}, placement {search.get('placementId')}
    </p>
  );
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
    // The month asks for the chips a day shows; the day counts the rest ('+2 more', 5 placements).
    expect(month.searchParams.get('groupsPerDay')).toBe('3');
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
    await userEvent.click(screen.getByRole('radio', { name: 'Recent Booking Changes' }));
    expect(await screen.findByText('Grid page')).toBeInTheDocument();
  });

  it('gives freelancers Mark Availability and no filters', async () => {
    open(freelancer);
    expect(await screen.findByRole('tab', { name: 'Mark Availability' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filters/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Create Booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Booking' })).not.toBeInTheDocument();
  });

  it('opens a chip’s booking on a click, without selecting its day', async () => {
    const user = userEvent.setup();
    open();
    const day = await screen.findByRole('gridcell', {
      name: 'Tuesday 10 November 2026, 5 placements',
    });
    const chip = within(day).getByRole('link', {
      name: 'Matchday: Shift 1 09:00–17:00 (3), Cancelled or rejected',
    });
    expect(chip).toHaveAttribute('href', '/bookings/31/edit?placementId=101');
    // Pressing the chip starts no selection: the day stays unselected, today stays selected.
    fireEvent.pointerDown(chip, { button: 0, pointerId: 1 });
    expect(day).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('1 day selected')).toBeInTheDocument();
    await user.click(chip);
    expect(await screen.findByText('Booking 31, placement 101')).toBeInTheDocument();
  });

  it('opens a chip from the keyboard, without toggling its day', async () => {
    const user = userEvent.setup();
    open();
    const day = await screen.findByRole('gridcell', {
      name: 'Tuesday 10 November 2026, 5 placements',
    });
    const chip = within(day).getByRole('link', { name: /^Matchday: Shift 2 09:00–17:00/ });
    chip.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Booking 31, placement 102')).toBeInTheDocument();
  });

  it('still selects a day by pressing the cell beside its chips', async () => {
    open();
    const day = await screen.findByRole('gridcell', {
      name: 'Tuesday 10 November 2026, 5 placements',
    });
    fireEvent.pointerDown(day, { button: 0, pointerId: 1 });
    fireEvent.pointerUp(window);
    expect(day).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a freelancer the days they marked unavailable, in words', async () => {
    const { unavailable } = open(freelancer);
    const day = await screen.findByRole('gridcell', {
      name: 'Thursday 12 November 2026, 0 placements, Unavailable',
    });
    expect(within(day).getByText('Unavailable')).toHaveClass('scheduler-unavailable');
    expect(
      screen.getByRole('gridcell', { name: 'Friday 20 November 2026, 0 placements, Unavailable' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('gridcell', { name: 'Saturday 21 November 2026, 0 placements' }),
    ).not.toHaveTextContent('Unavailable');
    const asked = unavailable.at(-1)!;
    expect(asked.searchParams.getAll('userIds')).toEqual(['5']);
    expect(asked.searchParams.get('startDate')).toBe('2026-11-01');
    expect(asked.searchParams.get('endDate')).toBe('2026-11-30');
  });

  it('shows a manager the unavailable days of the users they filter on', async () => {
    open(manager, '/bookings?userIds=7&userIds=5');
    const both = await screen.findByRole('gridcell', {
      name: 'Thursday 12 November 2026, 0 placements, Unavailable: Felix Moreau, Fran Free',
    });
    expect(within(both).getByText('2 people unavailable')).toBeInTheDocument();
    const one = screen.getByRole('gridcell', {
      name: 'Friday 13 November 2026, 0 placements, Unavailable: Fran Free',
    });
    expect(within(one).getByText('Unavailable: Fran Free')).toBeInTheDocument();
  });

  it('asks for no unavailability when a manager filters on nobody', async () => {
    const { unavailable } = open();
    await screen.findByRole('gridcell', { name: /5 placements/ });
    expect(unavailable).toHaveLength(0);
    expect(screen.queryByText(/unavailable/i)).not.toBeInTheDocument();
  });
});
