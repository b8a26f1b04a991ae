import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

function setup() {
  const onSubmit = vi.fn();
  renderWithProviders(<LoginForm loading={false} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('LoginForm', () => {
  it('requires email and password', async () => {
    const { onSubmit, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the email pattern and password bounds', async () => {
    const { onSubmit, user } = setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Minimum length is 8 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Maximum length is 50 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits with whitespace stripped from the email', async () => {
    const { onSubmit, user } = setup();
    await user.type(await screen.findByLabelText('Email'), '  ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct horse',
      remember: false,
    });
  });

  it("sends 'Keep me signed in' when ticked", async () => {
    const { onSubmit, user } = setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: /Keep me signed in/ }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct horse',
      remember: true,
    });
  });
});
