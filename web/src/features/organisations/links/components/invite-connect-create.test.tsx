import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CurrentUserProvider } from '@/lib/current-user';
import { makeUser, renderWithProviders } from '@/test/render';
import { InviteConnectCreate } from './invite-connect-create';

function setup(needs: string[], entityId?: number) {
  renderWithProviders(
    <CurrentUserProvider user={makeUser({ needs })}>
      <InviteConnectCreate entityId={entityId} />
    </CurrentUserProvider>,
  );
  return userEvent.setup();
}

describe('Invite, Connect or Create a User: Create a user', () => {
  it('links client managers to Create User with the entity picked', async () => {
    const user = setup(['client_manager'], 12);
    await user.click(screen.getByRole('button', { name: 'Create a user' }));
    expect(await screen.findByRole('link', { name: 'Create user' })).toHaveAttribute(
      'href',
      '/users/create?entityId=12',
    );
  });

  it('links to the plain form without an entity', async () => {
    const user = setup(['agency_manager']);
    await user.click(screen.getByRole('button', { name: 'Create a user' }));
    expect(await screen.findByRole('link', { name: 'Create user' })).toHaveAttribute(
      'href',
      '/users/create',
    );
  });

  it('tells others that only managers create accounts', async () => {
    const user = setup([], 12);
    await user.click(screen.getByRole('button', { name: 'Create a user' }));
    expect(
      await screen.findByText('Only client or agency managers and administrators create accounts.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create user' })).toBeNull();
  });
});
