import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { SignUpStaffRoute } from './sign-up-staff';

const notSignedIn = () => errorResponse(401, 'Not signed in', 'A-100');

describe('staff sign-up', () => {
  it('is by invitation only', async () => {
    mockApi({ 'GET /api/v1/account/whoami': notSignedIn });
    renderRoutes([{ path: '/sign-up-staff', element: <SignUpStaffRoute /> }], {
      path: '/sign-up-staff',
    });
    expect(await screen.findByText(/created by invitation only/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('names the inviting entity and prefills the invited email', async () => {
    mockApi({
      'GET /api/v1/account/whoami': notSignedIn,
      'GET /api/v1/invitation/token/abc': () =>
        jsonResponse({
          email: 'new.coordinator@hive.test',
          entityName: 'Northbridge Broadcasting',
          purpose: 'staff',
        }),
    });
    renderRoutes([{ path: '/sign-up-staff', element: <SignUpStaffRoute /> }], {
      path: '/sign-up-staff?invitation=abc',
    });
    expect(
      await screen.findByText('You have been invited by Northbridge Broadcasting.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('new.coordinator@hive.test');
    expect(screen.getByText('Account type: Staff')).toBeInTheDocument();
  });

  it('explains a link that no longer works', async () => {
    mockApi({ 'GET /api/v1/account/whoami': notSignedIn });
    renderRoutes([{ path: '/sign-up-staff', element: <SignUpStaffRoute /> }], {
      path: '/sign-up-staff?invitation=used',
    });
    expect(await screen.findByText('Invitation not valid')).toBeInTheDocument();
  });
});
