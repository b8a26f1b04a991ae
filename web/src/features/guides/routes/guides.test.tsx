import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { makeUser, renderRoutes } from '@/test/render';
import adminGuide from '../content/admin-guide.md?raw';
import userGuide from '../content/user-guide.md?raw';
import { bodyOf } from '../components/guide-page';
import { Component as AdminGuide } from './admin-guide';
import { Component as UserGuide } from './user-guide';

function open(user: CurrentUser, path: string) {
  renderRoutes(
    [
      { path: '/user-guide', element: <UserGuide /> },
      { path: '/admin-guide', element: <AdminGuide /> },
    ],
    { path, user },
  );
}

/** The second-level headings of a guide's markdown. */
const sections = (markdown: string) =>
  [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());

describe('the guides', () => {
  it('render the user guide as headed sections under the page title', () => {
    open(makeUser({ isFreelancer: true }), '/user-guide');
    expect(screen.getByRole('heading', { level: 1, name: 'User Guide' })).toBeVisible();
    const region = screen.getByRole('region', { name: 'User Guide' });
    const headings = within(region)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual(sections(userGuide));
    // Every area of the product has its section.
    for (const topic of [
      'Signing in',
      'Your profile',
      'Agenda',
      'Bookings (the scheduler)',
      'Document signing',
      'Notifications',
      'Reports and dashboard',
    ]) {
      expect(headings).toContain(topic);
    }
    // Only the page header is a level-one heading: the markdown's title is not repeated.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('render the admin guide for administrators', () => {
    open(makeUser({ canAdmin: true, needs: ['admin'] }), '/admin-guide');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Guide' })).toBeVisible();
    const region = screen.getByRole('region', { name: 'Admin Guide' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Audit history' })).toBeVisible();
    expect(within(region).getByRole('heading', { level: 3, name: 'Impersonation' })).toBeVisible();
    expect(within(region).getByText(/Failed to load the form builder/)).toBeVisible();
  });

  it('send everyone else from the admin guide to the user guide', () => {
    open(makeUser({ needs: ['department_manager'] }), '/admin-guide');
    expect(screen.getByRole('heading', { level: 1, name: 'User Guide' })).toBeVisible();
    expect(screen.queryByText('Admin Guide')).not.toBeInTheDocument();
  });

  it('hold no raw HTML: the sanitised renderer would drop it', () => {
    for (const guide of [userGuide, adminGuide]) {
      expect(guide).not.toMatch(/<[a-z][^>]*>/i);
      expect(bodyOf(guide)).not.toMatch(/^# /m);
    }
  });
});
