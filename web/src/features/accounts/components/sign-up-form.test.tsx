import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fieldRefusal } from '@/test/server-errors';
import { SignUpForm } from './sign-up-form';

function setup(onSubmit = vi.fn().mockResolvedValue(undefined), initialEmail?: string) {
  renderWithProviders(
    <SignUpForm
      label="Freelancer"
      submitLabel="Create account"
      initialEmail={initialEmail}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('SignUpForm', () => {
  it('requires names, email, password and the terms', async () => {
    const { onSubmit, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('defaults the country to GB and submits the details', async () => {
    const { onSubmit, user } = setup();
    expect(await screen.findByRole('combobox', { name: /^Country/ })).toHaveValue('United Kingdom');
    await user.type(screen.getByLabelText(/^First name/), 'Grace');
    await user.type(screen.getByLabelText(/^Last name/), 'Hopper');
    await user.type(screen.getByLabelText(/^Email/), ' grace@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Password must be between 8 and 50 characters long.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), ' and long');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onSubmit).toHaveBeenCalledWith({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: 'short and long',
      country: 'GB',
      termsAndConditions: true,
    });
  });

  it('opens the terms from the checkbox label', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Terms and Conditions' }));
    expect(await screen.findByRole('dialog', { name: 'Terms and Conditions' })).toBeInTheDocument();
  });

  it("maps the server's 422 detail onto the email field", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(fieldRefusal('email', 'an account with this email exists'));
    const { user } = setup(onSubmit, 'taken@example.com');
    await user.type(await screen.findByLabelText(/^First name/), 'Grace');
    await user.type(screen.getByLabelText(/^Last name/), 'Hopper');
    await user.type(screen.getByLabelText(/^Password/), 'long enough');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Error: an account with this email exists')).toBeInTheDocument();
  });
});
