import { Button, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

/** The corner a shown toast sits in. */
const cornerOf = (text: string) =>
  screen.getByText(text).closest('[data-position]')?.getAttribute('data-position');

describe('toasts and dialogs', () => {
  afterEach(() => act(() => notifications.clean()));

  it('toasts sit bottom right while no dialog is open', async () => {
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    act(() => void notifications.show({ message: 'Saved' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(cornerOf('Saved')).toBe('bottom-right');
  });

  it("a toast shown over a dialog keeps clear of the dialog's actions at its foot", async () => {
    const { rerender } = render(
      <AppProviders>
        <Modal opened onClose={() => {}} title="Invite">
          <Button>Invite</Button>
        </Modal>
      </AppProviders>,
    );
    await screen.findByRole('dialog', { name: 'Invite' });
    act(() => void notifications.show({ message: 'Some users are not yet instructed' }));
    expect(await screen.findByText('Some users are not yet instructed')).toBeInTheDocument();
    await waitFor(() => expect(cornerOf('Some users are not yet instructed')).toBe('top-right'));

    // The dialog closed, the toasts go back to their corner.
    rerender(
      <AppProviders>
        <Modal opened={false} onClose={() => {}} title="Invite">
          <Button>Invite</Button>
        </Modal>
      </AppProviders>,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(cornerOf('Some users are not yet instructed')).toBe('bottom-right'));
  });
});
