import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, recordJson } from '@/test/render';
import type { PlacementRow } from '@/features/bookings/booking/rules';
import { freelancer, manager, renderPlacementActions } from './placement-actions.test-data';

afterEach(() => {
  // Toasts live in a module-wide store; the queue would hide later tests' toasts.
});

const placement = (id: number, placementTemplateId = 3) =>
  ({
    id,
    placementTemplateId,
    title: 'Camera',
    instructions: [],
  }) as unknown as PlacementRow['placement'];

// The server's flags (InstructionActions) on an awaiting instruction, for each kind of viewer.
const managerFlags = {
  answerSide: 'client',
  canAccept: true,
  canReject: true,
  canAcceptAsSupplier: true,
  canRejectAsSupplier: true,
  canCancel: true,
  canSubstitute: true,
};
const freelancerFlags = { answerSide: 'supplier', canAccept: true, canReject: true };
const noFlags = { answerSide: '' };

const instruction = (id: number, placementId: number, flags: object = managerFlags) =>
  ({
    id,
    placementId,
    userId: 9,
    version: 1,
    supplierStatus: 'awaiting_response',
    clientStatus: 'awaiting_response',
    user: { fullName: 'Felix Reid' },
    sellRate: { rate: 200, currency: 'GBP', period: 'day' },
    ...flags,
  }) as unknown as PlacementRow['instruction'];

const staff = makeUser({ needs: ['select_department:3'] });

describe('PlacementActions', () => {
  it('offers a freelancer only Accept and Reject, on the supplier side', async () => {
    const sent = recordJson(() => jsonResponse({ updated: 1, items: [] }));
    mockApi({
      'PATCH /api/v1/instruction/status': sent.handler,
    });
    const onDone = renderPlacementActions(
      freelancer,
      [{ placement: placement(1), instruction: instruction(7, 1, freelancerFlags) }],
      false,
    );
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Substitute' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(sent.body()).toEqual([{ id: 7, version: 1, supplierStatus: 'accepted' }]),
    );
    expect(await screen.findByText('Successfully updated 1 instruction')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalled();
  });

  it('offers a read-only viewer (staff) no action at all: every flag is false', () => {
    mockApi({});
    renderPlacementActions(
      staff,
      [{ placement: placement(1), instruction: instruction(7, 1, noFlags) }],
      false,
    );
    expect(screen.queryByRole('toolbar', { name: 'Placement actions' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('offers Substitute only where the server allows it, and warns for an instruction that does not', async () => {
    mockApi({});
    const allowed = { placement: placement(1), instruction: instruction(7, 1) };
    const refused = {
      placement: placement(2),
      instruction: instruction(8, 2, { ...managerFlags, canSubstitute: false }),
    };
    renderPlacementActions(manager, [refused], true, [allowed, refused]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Substitute' }));
    expect(
      await screen.findByText('The selected instruction cannot be substituted.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Substitute page')).not.toBeInTheDocument();
  });

  it('hides Substitute when no instruction of the booking may be substituted', () => {
    mockApi({});
    const rows = [
      {
        placement: placement(1),
        instruction: instruction(7, 1, { ...managerFlags, canSubstitute: false }),
      },
    ];
    renderPlacementActions(manager, rows);
    expect(screen.queryByRole('button', { name: 'Substitute' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('warns when nothing is selected, and when rows are not instructed', async () => {
    mockApi({});
    renderPlacementActions(manager, []);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('You must select at least one row')).toBeInTheDocument();
  });

  it('refuses to amend rates of rows without an instruction', async () => {
    mockApi({});
    renderPlacementActions(manager, [{ placement: placement(1), instruction: null }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Amend Rates' }));
    expect(await screen.findByText('Some users are not yet instructed')).toBeInTheDocument();
  });

  it('shows the availability of one placement type at a time', async () => {
    mockApi({});
    renderPlacementActions(manager, [
      { placement: placement(1, 3), instruction: null },
      { placement: placement(2, 4), instruction: null },
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Invite' }));
    expect(
      await screen.findByText(/You can only view availability for a single placement type/),
    ).toBeInTheDocument();
  });

  it('says when nobody is available: the server’s empty list may arrive as null', async () => {
    mockApi({
      'GET /api/v1/booking/1/placement-template/3/available-suppliers': () =>
        jsonResponse({ items: null }),
    });
    renderPlacementActions(manager, [{ placement: placement(1), instruction: null }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Invite' }));
    expect(
      await screen.findByText('There are no available suppliers for these placements.'),
    ).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Invite' });
    expect(within(dialog).getByRole('button', { name: /^Invite/ })).toBeDisabled();
  });

  it('shows the server’s refusal as an error toast', async () => {
    mockApi({
      'PATCH /api/v1/instruction/status': () =>
        jsonResponse(
          {
            error:
              'This freelancer is already booked at an overlapping time: Late Show (Crew), Wed 10 Mar 10:00–18:00.',
            errorCode: 'B-409',
          },
          409,
        ),
    });
    renderPlacementActions(manager, [{ placement: placement(1), instruction: instruction(7, 1) }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept as Supplier' }));
    expect(
      await screen.findByText(
        'This freelancer is already booked at an overlapping time: Late Show (Crew), Wed 10 Mar 10:00–18:00.',
      ),
    ).toBeInTheDocument();
  });

  it('amends the sell rate; a manager sees Chargeable Rate and the change in percent', async () => {
    const sent = recordJson(() => jsonResponse({ updated: 1 }));
    mockApi({
      'PATCH /api/v1/instruction/rate': sent.handler,
    });
    renderPlacementActions(manager, [{ placement: placement(1), instruction: instruction(7, 1) }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Amend Rates' }));
    const sell = await screen.findByRole('textbox', { name: /Chargeable Rate/ });
    expect(screen.queryByRole('textbox', { name: /Buy Rate/ })).not.toBeInTheDocument();
    await user.clear(sell);
    await user.type(sell, 'x');
    expect(screen.getByText('(ERROR)')).toBeInTheDocument();
    await user.clear(sell);
    await user.type(sell, '220');
    expect(screen.getByText('(+10.00%)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() =>
      expect(sent.body()).toEqual({
        ids: [7],
        sellRate: { rate: 220, currency: 'GBP', period: 'day' },
      }),
    );
    expect(await screen.findByText('Rates amended')).toBeInTheDocument();
  });
});
