import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fieldRefusal } from '@/test/server-errors';
import { ChangePasswordForm } from './change-password-form';

function setup(onSubmit = vi.fn().mockResolvedValue({})) {
  const onError = vi.fn();
  renderWithProviders(<ChangePasswordForm loading={false} onSubmit={onSubmit} onError={onError} />);
  return { onSubmit, onError, user: userEvent.setup() };
}

describe('ChangePasswordForm', () => {
  it('requires the current password and a new one of 8 to 50 characters', async () => {
    const { onSubmit, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('Password is required')).toHaveLength(2);
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password must be between 8 and 50 characters long.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits both passwords and clears the form on success', async () => {
    const { onSubmit, user } = setup();
    await user.type(await screen.findByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(onSubmit).toHaveBeenCalledWith({
      currentPassword: 'old-password',
      newPassword: 'a-new-password',
    });
    expect(await screen.findByLabelText('Current password')).toHaveValue('');
  });

  it("shows the server's message on the current password when it is wrong", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(fieldRefusal('currentPassword', 'The current password is not correct.'));
    const { onError, user } = setup(onSubmit);
    await user.type(await screen.findByLabelText('Current password'), 'wrong-password');
    await user.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Error: The current password is not correct.'),
    ).toBeInTheDocument();
    expect(onError).toHaveBeenCalled();
  });
});
