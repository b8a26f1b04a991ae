import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { renderWithProviders } from '@/test/render';
import { amendMessages } from '../rules';
import { AmendPlacementsModal } from './amend-placements-modal';
import { placementFixture } from '../fixtures.test-data';

function setup(placements = [placementFixture()], onSubmit = vi.fn().mockResolvedValue({})) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <AmendPlacementsModal
      placements={placements}
      onSubmit={onSubmit}
      onDone={onDone}
      onClose={onClose}
    />,
  );
  return { onSubmit, onDone, onClose, user: userEvent.setup() };
}

describe('Amend Placements', () => {
  it('requires title, times and unpaid breaks', async () => {
    const { onSubmit, user } = setup();
    await user.clear(await screen.findByLabelText(/^Title/));
    await user.clear(screen.getByLabelText(/^Start time/));
    await user.clear(screen.getByLabelText(/^End time/));
    await user.type(screen.getByLabelText(/^End time/), '25:00');
    await user.clear(screen.getByLabelText(/^Unpaid breaks/));
    await user.click(screen.getByRole('button', { name: 'Amend Placements' }));
    expect(await screen.findByText(amendMessages.titleRequired)).toBeInTheDocument();
    expect(screen.getAllByText(amendMessages.time)).toHaveLength(2);
    expect(screen.getByText(amendMessages.breaksRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends HH:mm:00 for every placement and says so', async () => {
    const placements = [placementFixture(), placementFixture({ id: 2, revision: 4 })];
    const { onSubmit, onDone, user } = setup(placements);
    const start = await screen.findByLabelText(/^Start time/);
    await user.clear(start);
    await user.type(start, '08:30');
    await user.click(screen.getByRole('button', { name: 'Amend Placements' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({ id: 1, revision: 2, startTime: '08:30:00', endTime: '17:00:00' }),
      expect.objectContaining({ id: 2, revision: 4, startTime: '08:30:00', unpaidBreaks: 30 }),
    ]);
    expect(await screen.findByText('Placements amended')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalled();
  });

  it('warns when the placements have different periods', async () => {
    setup([placementFixture(), placementFixture({ id: 2, startTime: '22:00', endTime: '06:00' })]);
    expect(await screen.findByText(amendMessages.differentPeriods)).toBeInTheDocument();
  });

  it("shows the server's refusal of a stale placement", async () => {
    const { onDone, user } = setup(
      [placementFixture()],
      vi
        .fn()
        .mockRejectedValue(
          new ApiError(409, 'C-409', 'This placement was changed by someone else.'),
        ),
    );
    await user.click(await screen.findByRole('button', { name: 'Amend Placements' }));
    expect(
      await screen.findByText('This placement was changed by someone else.'),
    ).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
