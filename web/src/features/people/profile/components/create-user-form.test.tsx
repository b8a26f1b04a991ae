import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { CreateUserForm, ENTITY_REQUIRED } from './create-user-form';

function setup(admin = false) {
  mockApi({
    'GET /api/v1/entity': () => jsonResponse({ items: [{ id: 4, name: 'Northbridge' }], total: 1 }),
  });
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  renderWithProviders(<CreateUserForm onSubmit={onSubmit} admin={admin} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('CreateUserForm', () => {
  it('needs at least one entity and a valid email', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText(/^Email/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText(ENTITY_REQUIRED)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hides permissions from managers and shows them to admins', () => {
    setup(false);
    expect(screen.queryByLabelText('Can Administrate Hive')).toBeNull();
  });

  it('defaults to GB, Contractor, and sends the stripped email with the entity ids', async () => {
    const { user, onSubmit } = setup(true);
    expect(screen.getByLabelText('Can Administrate Hive')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Label/)).toHaveValue('Contractor');
    await user.type(screen.getByLabelText(/^Email/), ' new@x.test ');
    await user.type(screen.getByLabelText(/^First name/), 'Nia');
    await user.type(screen.getByLabelText(/^Last name/), 'Vale');
    await user.click(await screen.findByRole('combobox', { name: /^Entities/ }));
    await user.click(await screen.findByRole('option', { name: 'Northbridge' }));
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      email: 'new@x.test',
      label: 'Contractor',
      country: 'GB',
      timezone: 'Europe/London',
      isFreelancer: true,
      entityIds: [4],
      canAdmin: false,
    });
  });
});
