import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fieldRefusal } from '@/test/server-errors';
import { DepartmentForm } from './department-form';

function setup(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  renderWithProviders(<DepartmentForm submitLabel="Create department" onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('DepartmentForm', () => {
  it('requires a name', async () => {
    const { onSubmit, user } = setup();
    await user.type(await screen.findByLabelText(/^Name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Create department' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts a blank email but not a malformed one', async () => {
    const { onSubmit, user } = setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Sport');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create department' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Create department' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Sport',
        email: '',
        timezone: 'Europe/London',
        cancelWindowDays: 0,
      }),
    );
  });

  it('sends the cancel window as a number', async () => {
    const { onSubmit, user } = setup();
    await user.type(await screen.findByLabelText(/^Name/), ' News ');
    const days = screen.getByLabelText('Cancel window (days)');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(screen.getByRole('button', { name: 'Create department' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'News', cancelWindowDays: 3 }),
    );
  });

  it("puts the server's 422 detail onto the field", async () => {
    const onSubmit = vi.fn().mockRejectedValue(fieldRefusal('name', 'already used by this client'));
    const { user } = setup(onSubmit);
    await user.type(await screen.findByLabelText(/^Name/), 'Sport');
    await user.click(screen.getByRole('button', { name: 'Create department' }));
    expect(await screen.findByText('Error: already used by this client')).toBeInTheDocument();
  });
});
