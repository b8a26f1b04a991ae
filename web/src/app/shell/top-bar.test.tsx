import type { CurrentUser } from '@/api/types';
import { MutationObserver } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { createQueryClient } from '../query-client';
import { TopBar } from './top-bar';

afterEach(() => {
  vi.useRealTimers();
});

/** Renders the top bar with the app's query client; the server's unread count is `unread()`. */
function open(unread: () => number, user: Partial<CurrentUser> = { id: 7, isFreelancer: true }) {
  const stats = vi.fn(() => jsonResponse({ unread: unread(), total: 12 }));
  mockApi({
    'GET /api/v1/app-info': () => jsonResponse({ environment: '', providers: [] }),
    'GET /api/v1/notification/stats': stats,
  });
  const queryClient = createQueryClient();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <TopBar
            mobileOpened={false}
            desktopOpened
            toggleMobile={() => {}}
            toggleDesktop={() => {}}
          />
        ),
      },
    ],
    { queryClient, user: makeUser(user) },
  );
  return { queryClient, stats };
}

describe('the top bar bell', () => {
  it('names the unread count and links to the notifications', async () => {
    open(() => 3);
    const bell = await screen.findByRole('link', { name: '3 unread notifications' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('3');
  });

  it('shows no number when nothing is unread', async () => {
    open(() => 0);
    const bell = await screen.findByRole('link', { name: '0 unread notifications' });
    expect(bell).not.toHaveTextContent('0');
  });

  it('reads the count again after any write, without a page reload', async () => {
    let unread = 2;
    const { queryClient } = open(() => unread);
    await screen.findByRole('link', { name: '2 unread notifications' });
    unread = 1;
    const write = new MutationObserver(queryClient, { mutationFn: () => Promise.resolve({}) });
    await act(() => write.mutate());
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toBeVisible();
  });

  it('polls the count every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 4;
    const { stats } = open(() => unread);
    await screen.findByRole('link', { name: '4 unread notifications' });
    const asked = stats.mock.calls.length;
    unread = 5;
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(stats.mock.calls.length).toBe(asked);
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(await screen.findByRole('link', { name: '5 unread notifications' })).toBeVisible();
    expect(stats.mock.calls.length).toBe(asked + 1);
  });
});

describe('the top bar search box (spec part 1 §6: department managers only)', () => {
  it('is shown to a department manager', async () => {
    open(() => 0, { needs: ['staff', 'department_manager', 'manage_department:2'] });
    await screen.findByRole('link', { name: '0 unread notifications' });
    expect(await screen.findByRole('textbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search...',
    );
    expect(screen.getByRole('button', { name: 'Add Filter' })).toBeInTheDocument();
  });

  it.each([
    ['a freelancer', { id: 7, isFreelancer: true, needs: ['freelancer'] }],
    ['a staff member', { needs: ['staff', 'select_department:2'] }],
  ])('is not shown to %s', async (_who, user) => {
    open(() => 0, user);
    await screen.findByRole('link', { name: '0 unread notifications' });
    expect(screen.queryByRole('textbox', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Filter' })).not.toBeInTheDocument();
  });
});

describe('the top bar labels', () => {
  it('names the actions-required badge, links it to Home and gives it a tooltip', async () => {
    open(() => 12, { id: 7, isFreelancer: true, actionsRequired: 4 });
    const bell = await screen.findByRole('link', { name: '12 unread notifications' });
    const actions = screen.getByRole('link', { name: '4 actions required' });
    expect(actions).toHaveAttribute('href', '/');
    expect(actions).toHaveTextContent('4');
    const user = userEvent.setup();
    await user.hover(actions);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('4 actions required: see Home');
    await user.unhover(actions);
    await user.hover(bell);
    expect(await screen.findByRole('tooltip', { name: '12 unread notifications' })).toBeVisible();
  });

  it("opens the user menu from the user's own name, not only the avatar", async () => {
    open(() => 0, { id: 7, isFreelancer: true, fullName: 'Felix Reid' });
    const user = userEvent.setup();
    await user.click(await screen.findByText('Felix Reid'));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
  });
});
