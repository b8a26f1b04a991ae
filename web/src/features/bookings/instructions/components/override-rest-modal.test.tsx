import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, recordJson, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { MSG_OVERRIDE_REASON, OverrideRestModal } from './override-rest-modal';

function open(onDone = vi.fn(), onClose = vi.fn()) {
  renderWithProviders(
    <OverrideRestModal instructionId={42} name="Felix Reid" onClose={onClose} onDone={onDone} />,
  );
  return { onDone, onClose };
}

describe('override rest rule dialog', () => {
  it('requires a reason, then sends it and closes', async () => {
    const sent = recordJson(() => jsonResponse({ updated: 1 }));
    mockApi({
      'POST /api/v1/instruction/42/working-time-override': sent.handler,
    });
    const { onDone, onClose } = open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Override rest rule' });
    expect(dialog).toHaveTextContent('Felix Reid may then accept this offer');
    await user.click(screen.getByRole('button', { name: 'Override rest rule' }));
    expect(await screen.findByText(MSG_OVERRIDE_REASON)).toBeInTheDocument();
    expect(sent.body()).toBeUndefined();

    await user.type(screen.getByRole('textbox', { name: /Reason/ }), '  Agreed with the crew  ');
    await user.click(screen.getByRole('button', { name: 'Override rest rule' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.body()).toEqual({ reason: 'Agreed with the crew' });
    expect(onDone).toHaveBeenCalled();
  });

  it("shows the server's refusal and stays open", async () => {
    const refusal = 'You don\u2019t have permission to access this resource.';
    mockApi({
      'POST /api/v1/instruction/42/working-time-override': () =>
        errorResponse(403, refusal, 'A-102'),
    });
    const { onClose } = open();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Short turnaround');
    await user.click(screen.getByRole('button', { name: 'Override rest rule' }));
    expect(await screen.findByText(/permission/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
