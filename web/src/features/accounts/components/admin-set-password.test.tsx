import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { AdminSetPassword, PASSWORDS_DIFFER } from './admin-set-password';

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Set Password' }));
  return { user, dialog };
}

describe('AdminSetPassword', () => {
  it('says the sessions end and the feed is revoked; checks the rule and the confirmation', async () => {
    const set = vi.fn(() => jsonResponse({ message: 'Password set.' }));
    mockApi({ 'POST /api/v1/account/7/set-password': set });
    renderWithProviders(<AdminSetPassword userId={7} name="Fay Lancer" />);
    const { user, dialog } = await openDialog();
    expect(dialog.getByText(/Every session of Fay Lancer ends/)).toHaveTextContent(/calendar feed/);
    await user.type(dialog.getByLabelText(/^New password/), 'short');
    await user.type(dialog.getByLabelText(/^Confirm new password/), 'other');
    await user.click(dialog.getByRole('button', { name: 'Set Password' }));
    expect(
      await dialog.findByText('Password must be between 8 and 50 characters long.'),
    ).toBeInTheDocument();
    expect(dialog.getByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(set).not.toHaveBeenCalled();
  });

  it("sends the password and shows the spec's 'Password Reset' toast", async () => {
    let body: unknown;
    mockApi({
      'POST /api/v1/account/7/set-password': async (req) => {
        body = await req.json();
        return jsonResponse({ message: 'Password set.' });
      },
    });
    renderWithProviders(<AdminSetPassword userId={7} name="Fay Lancer" />);
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText(/^New password/), 'a-new-secret');
    await user.type(dialog.getByLabelText(/^Confirm new password/), 'a-new-secret');
    await user.click(dialog.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password Reset')).toBeInTheDocument();
    expect(screen.getByText('Password set.')).toBeInTheDocument();
    expect(body).toEqual({ password: 'a-new-secret' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set Password' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's message when it refuses", async () => {
    mockApi({
      'POST /api/v1/account/7/set-password': () =>
        errorResponse(403, 'A system account cannot be changed.', 'S-403'),
    });
    renderWithProviders(<AdminSetPassword userId={7} name="Fay Lancer" />);
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText(/^New password/), 'a-new-secret');
    await user.type(dialog.getByLabelText(/^Confirm new password/), 'a-new-secret');
    await user.click(dialog.getByRole('button', { name: 'Set Password' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'A system account cannot be changed.',
    );
  });
});
