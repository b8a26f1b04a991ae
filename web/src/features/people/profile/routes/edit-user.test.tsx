import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserProvider } from '@/lib/current-user';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { Component as EditUser } from './edit-user';

afterEach(() => vi.unstubAllGlobals());

const felix = {
  id: 7,
  email: 'freelancer@hive.test',
  firstName: 'Felix',
  lastName: 'Reid',
  fullName: 'Felix Reid',
  label: 'Camera Operator',
  roleLabel: 'Freelancer',
  phone: '',
  country: 'GB',
  timezone: 'Europe/London',
  onboardingState: 'complete',
  isFreelancer: true,
  gender: '',
  genderOther: '',
  location: { location_name: '' },
  cv: '',
  showreel: '',
  linkedin: '',
  imdb: '',
  personalWebsite: '',
  businessType: '',
  dayRate: null,
  preferredSupplierId: null,
  skills: [],
  job_titles: [],
  entities: [],
  departments: [],
  isBookmarked: false,
  isFollowed: false,
  profile_image_url: '',
  version: 2,
};

/** Opens Felix's profile as staff (Sam, who views Northbridge), with the server's flags. */
function open(flags: { canEdit: boolean; canSeeStats: boolean }) {
  const asked: string[] = [];
  mockApi({
    'GET /api/v1/account/token': () => jsonResponse({ token: 't' }),
    'GET /api/v1/account/7': () => jsonResponse({ ...felix, ...flags }),
    'GET /api/v1/account/7/stats': (r) => {
      asked.push(new URL(r.url).pathname);
      return jsonResponse({ totalInstructions: 3, distinctJobs: 1 });
    },
    'GET /api/v1/account/7/documents': (r) => {
      asked.push(new URL(r.url).pathname);
      return jsonResponse({ items: [] });
    },
  });
  const staff = makeUser({ id: 4, needs: ['staff', 'select_entity:1'] });
  renderRoutes(
    [
      {
        path: '/users/:id/edit',
        element: (
          <CurrentUserProvider user={staff}>
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
