import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { InvitationForm } from './invitation-form';

describe('InvitationForm', () => {
  it('requires an email and checks its pattern', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<InvitationForm entityId={7} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires an entity when none is fixed', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <InvitationForm
        onSubmit={onSubmit}
        entityPicker={({ error }) => <div role="alert">{error}</div>}
      />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('explains each purpose and submits entity, email, purpose and message', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<InvitationForm entityId={7} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    expect(await screen.findByText(/external resource/i)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Staff'));
    expect(await screen.findByText(/read-only/i)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), ' new@example.com ');
    await user.type(screen.getByLabelText(/^Message/), 'Welcome aboard');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(onSubmit).toHaveBeenCalledWith({
      entityId: 7,
      email: 'new@example.com',
      purpose: 'staff',
      message: 'Welcome aboard',
    });
  });

  it('refuses a message over 1000 characters', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<InvitationForm entityId={7} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'new@example.com');
    await user.click(screen.getByLabelText(/^Message/));
    await user.paste('x'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('The message can be at most 1000 characters long.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
