import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, recordJson, renderWithProviders } from '@/test/render';
import { ChangeEmail } from './change-email';

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Change email' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change email' });
  return { user, dialog: within(dialog) };
}

describe('ChangeEmail', () => {
  it('asks for a valid new address and the current password before calling the server', async () => {
    const change = vi.fn(() => jsonResponse({ message: 'sent' }, 202));
    mockApi({
      'POST /api/v1/account/change-email': change,
    });
    renderWithProviders(<ChangeEmail />);
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText(/^New email address/), 'nobody');
    await user.click(dialog.getByRole('button', { name: 'Send confirmation link' }));
    expect(await dialog.findByText('Invalid email address')).toBeInTheDocument();
    expect(dialog.getByText('Password is required')).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();
  });

  it("shows the server's message for a wrong password", async () => {
    mockApi({
      'POST /api/v1/account/change-email': () =>
        jsonResponse(
          {
            error: 'validation failed',
            errorCode: 'V-422',
            detail: [
              {
                loc: ['body', 'currentPassword'],
                msg: 'Your current password is not correct.',
                type: 'value_error',
              },
            ],
          },
          422,
        ),
    });
    renderWithProviders(<ChangeEmail />);
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText(/^New email address/), 'new@example.com');
    await user.type(dialog.getByLabelText(/^Current password/), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await dialog.findByText('Error: Your current password is not correct.'),
    ).toBeInTheDocument();
  });

  it('sends the new address and password and shows where the link went', async () => {
    const sent = recordJson(() =>
      jsonResponse(
        {
          message:
            'We have sent a confirmation link to new@example.com. Your address changes when you open it.',
        },
        202,
      ),
    );
    mockApi({
      'POST /api/v1/account/change-email': sent.handler,
    });
    renderWithProviders(<ChangeEmail />);
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText(/^New email address/), ' new@example.com ');
    await user.type(dialog.getByLabelText(/^Current password/), 'secret-pass');
    await user.click(dialog.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await dialog.findByText(/We have sent a confirmation link to new@example.com/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(sent.body()).toEqual({ newEmail: 'new@example.com', currentPassword: 'secret-pass' }),
    );
  });
});
