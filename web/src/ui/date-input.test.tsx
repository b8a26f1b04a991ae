import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DateInput } from './date-input';

describe('DateInput', () => {
  it('opens a calendar named by its field, with named controls and no weekend or other-month days', async () => {
    renderWithProviders(<DateInput label="End Date" value="2026-11-29" onChange={() => {}} />);
    const field = screen.getByRole('button', { name: /End Date/ });
    await userEvent.click(field);
    const dialog = await screen.findByRole('dialog');
    // The dialog is labelled by the field itself.
    expect(dialog).toHaveAttribute('aria-labelledby', field.id);
    expect(within(dialog).getByRole('button', { name: 'Next month' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(dialog.querySelector('[data-weekend]')).toBeNull();
    // Other months' days are there but not shown.
    expect(dialog.querySelector('[data-outside]:not([data-hidden])')).toBeNull();
  });
});
