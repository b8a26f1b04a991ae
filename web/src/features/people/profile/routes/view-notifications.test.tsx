import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { CurrentUserProvider } from '@/lib/current-user';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { Component as EditUser } from './edit-user';

// 'View Notifications' on a profile (issue 14 item 3): administrators only (spec part 2 §6).

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

function open(viewer: CurrentUser) {
  mockApi({
    'GET /api/v1/account/token': () => jsonResponse({ token: 't' }),
    'GET /api/v1/account/7': () =>
      jsonResponse({ ...felix, canEdit: viewer.canAdmin, canSeeStats: false }),
    'GET /api/v1/account/7/documents': () => jsonResponse({ items: [] }),
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
}

describe('View Notifications on a profile', () => {
  it("leads an administrator to the user's notifications", async () => {
    open(makeUser({ id: 1, canAdmin: true, needs: ['admin'] }));
    await screen.findByRole('heading', { name: 'Felix Reid' });
    expect(screen.getByRole('link', { name: 'View Notifications' })).toHaveAttribute(
      'href',
      '/notifications?userId=7',
    );
  });

  it('is not offered to staff', async () => {
    open(makeUser({ id: 4, needs: ['staff', 'select_entity:1'] }));
    await screen.findByRole('heading', { name: 'Felix Reid' });
    expect(screen.queryByRole('link', { name: 'View Notifications' })).toBeNull();
  });

  it("is not offered on the administrator's own profile, whose list is theirs already", async () => {
    open(makeUser({ id: 7, canAdmin: true, needs: ['admin'] }));
    await screen.findByRole('heading', { name: 'Felix Reid' });
    expect(screen.queryByRole('link', { name: 'View Notifications' })).toBeNull();
  });
});
