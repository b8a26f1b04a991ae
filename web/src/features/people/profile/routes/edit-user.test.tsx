import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { CurrentUserProvider } from '@/lib/current-user';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { freelancerProfile } from '../fixtures.test-data';
import { Component as EditUser } from './edit-user';

const felix = freelancerProfile({
  email: 'freelancer@hive.test',
  firstName: 'Felix',
  lastName: 'Reid',
  fullName: 'Felix Reid',
  label: 'Camera Operator',
  version: 2,
});

/** Sam, staff who views Northbridge. */
const staff = makeUser({ id: 4, needs: ['staff', 'select_entity:1'] });

/** Opens Felix's profile as viewer (staff unless said), with the server's flags. */
function open(
  flags: {
    canEdit: boolean;
    canSeeStats: boolean;
    canSeeDocuments?: boolean;
    canChangeDocuments?: boolean;
  },
  viewer: CurrentUser = staff,
) {
  const asked: string[] = [];
  // The documents follow canEdit unless said (the user and administrators may do both).
  const documents = {
    canSeeDocuments: flags.canSeeDocuments ?? flags.canEdit,
    canChangeDocuments: flags.canChangeDocuments ?? flags.canEdit,
  };
  mockApi({
    'GET /api/v1/account/7': () => jsonResponse({ ...felix, ...flags, ...documents }),
    'GET /api/v1/account/7/stats': (r) => {
      asked.push(new URL(r.url).pathname);
      return jsonResponse({ totalInstructions: 3, distinctJobs: 1 });
    },
    'GET /api/v1/account/7/documents': (r) => {
      asked.push(new URL(r.url).pathname);
      return jsonResponse({ items: [] });
    },
  });
  renderRoutes(
    [
      {
        path: '/users/:id/edit',
        element: (
          <CurrentUserProvider user={viewer}>
            <EditUser />
          </CurrentUserProvider>
        ),
      },
    ],
    { path: '/users/7/edit' },
  );
  return { asked };
}

describe('a profile read by staff', () => {
  it('is read-only when the server says canEdit is false: no Save, Upload, Documents or stats call', async () => {
    const { asked } = open({ canEdit: false, canSeeStats: false });
    expect(await screen.findByRole('heading', { name: 'Felix Reid' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^First name/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload photo' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Documents' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bookmark' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Administration' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Internal Notes' })).toBeVisible();
    expect(asked).toEqual([]);
  });

  it('offers the form, the documents and the stats when the server allows them', async () => {
    const { asked } = open({ canEdit: true, canSeeStats: true });
    await screen.findByRole('heading', { name: 'Felix Reid' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Documents' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Freelancer Stats' })).toBeVisible();
    expect(asked).toContain('/api/v1/account/7/stats');
  });
});

// Spec part 1 §2: a client manager viewing a freelancer has the tabs Profile, Internal Notes and
// Documents; they read the documents and change none.
describe('a freelancer read by a client manager', () => {
  const manager = makeUser({ id: 2, needs: ['client_manager', 'manage_entity:1'] });

  it('shows the Documents tab, read-only', async () => {
    const user = userEvent.setup();
    const { asked } = open(
      { canEdit: false, canSeeStats: true, canSeeDocuments: true, canChangeDocuments: false },
      manager,
    );
    await screen.findByRole('heading', { name: 'Felix Reid' });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Profile', 'Internal Notes', 'Documents']);
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(await screen.findByText('No documents yet.')).toBeVisible();
    expect(asked).toContain('/api/v1/account/7/documents');
    expect(screen.queryByRole('button', { name: 'Upload document' })).toBeNull();
  });
});

// 'View Notifications' on a profile: administrators only (spec part 2 §6).
describe('View Notifications on a profile', () => {
  const admin = (id: number) => makeUser({ id, canAdmin: true, needs: ['admin'] });

  it("leads an administrator to the user's notifications", async () => {
    open({ canEdit: true, canSeeStats: false }, admin(1));
    await screen.findByRole('heading', { name: 'Felix Reid' });
    expect(screen.getByRole('link', { name: 'View Notifications' })).toHaveAttribute(
      'href',
      '/notifications?userId=7',
    );
  });

  it('is not offered to staff', async () => {
    open({ canEdit: false, canSeeStats: false });
    await screen.findByRole('heading', { name: 'Felix Reid' });
    expect(screen.queryByRole('link', { name: 'View Notifications' })).toBeNull();
  });

  it("is not offered on the administrator's own profile, whose list is theirs already", async () => {
    open({ canEdit: true, canSeeStats: false }, admin(7));
    await screen.findByRole('heading', { name: 'Felix Reid' });
    expect(screen.queryByRole('link', { name: 'View Notifications' })).toBeNull();
  });
});
