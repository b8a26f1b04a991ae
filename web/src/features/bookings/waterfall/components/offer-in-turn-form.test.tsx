import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, recordJson, renderWithProviders } from '@/test/render';
import type { AvailableSupplier } from '@/features/bookings/instructions/api/get-available-suppliers';
import { renderInviteModal } from '@/features/bookings/instructions/components/invite-modal.test-data';
import { OfferInTurnForm } from './offer-in-turn-form';

const supplier = (id: number, fullName: string): AvailableSupplier =>
  ({
    user: { id, fullName, email: `${id}@hive.test` },
    availability: 1,
    availabilityColour: 'green',
    placementIds: [11],
    alreadyInstructed: false,
  }) as AvailableSupplier;

const suppliers = [
  supplier(9, 'Felix Reid'),
  supplier(10, 'Amelia Hughes'),
  supplier(12, 'Oliver Bennett'),
];

function open(onDone = vi.fn(), initial: number[] = []) {
  renderWithProviders(
    <OfferInTurnForm
      bookingId={5}
      placementIds={[11]}
      suppliers={suppliers}
      initial={initial}
      onBack={vi.fn()}
      onDone={onDone}
    />,
  );
  return onDone;
}

const rankedNames = () =>
  within(screen.getByRole('list', { name: /Offer in this order/ }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('offer in turn form', () => {
  it('builds the ranked list by ticking and moving by keyboard, and sends it with the limits', async () => {
    const sent = recordJson(() => jsonResponse({ id: 1 }, 201));
    mockApi({
      'POST /api/v1/booking/5/waterfall': sent.handler,
    });
    const onDone = open(vi.fn(), [10]);
    const user = userEvent.setup();
    expect(rankedNames()).toEqual(['1. Amelia Hughes']);
    await user.click(screen.getByRole('checkbox', { name: 'Add Felix Reid to the list' }));
    await user.click(screen.getByRole('checkbox', { name: 'Add Oliver Bennett to the list' }));
    expect(rankedNames()).toEqual(['1. Amelia Hughes', '2. Felix Reid', '3. Oliver Bennett']);
    // Move Oliver up with the keyboard: focus the button and press Enter.
    screen.getByRole('button', { name: 'Move Oliver Bennett up' }).focus();
    await user.keyboard('{Enter}');
    expect(rankedNames()).toEqual(['1. Amelia Hughes', '2. Oliver Bennett', '3. Felix Reid']);
    expect(screen.getByRole('button', { name: 'Move Amelia Hughes up' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Places to fill'));
    await user.type(screen.getByLabelText('Places to fill'), '2');
    await user.clear(screen.getByLabelText('Offers open at once'));
    await user.type(screen.getByLabelText('Offers open at once'), '2');
    await user.selectOptions(screen.getByLabelText('Each offer expires after'), '1 hour');
    await user.click(screen.getByRole('button', { name: 'Start offers (3)' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent.body()).toEqual({
      placementIds: [11],
      userIds: [10, 12, 9],
      places: 2,
      openAtOnce: 2,
      offerLifetimeMinutes: 60,
    });
  });

  it("shows the server's refusal on the field it names", async () => {
    const msg = 'Places to fill cannot be more than the freelancers listed.';
    mockApi({
      'POST /api/v1/booking/5/waterfall': () =>
        jsonResponse(
          {
            error: msg,
            errorCode: 'V-422',
            detail: [{ loc: ['body', 'places'], msg, type: 'value_error' }],
          },
          422,
        ),
    });
    const onDone = open(vi.fn(), [9]);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Places to fill'));
    await user.type(screen.getByLabelText('Places to fill'), '3');
    await user.click(screen.getByRole('button', { name: 'Start offers (1)' }));
    expect(await screen.findByText(`Error: ${msg}`)).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('cannot start with nobody on the list', () => {
    mockApi({});
    open();
    expect(screen.getByText('Tick freelancers below to add them to the list.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Start offers/ })).toBeDisabled();
  });
});

/** The Invite dialog of booking 5 (direct or not), with the suppliers above. */
function openInvite(direct: boolean) {
  mockApi({
    'GET /api/v1/booking/5': () => jsonResponse({ id: 5, type: 'default', direct }),
    'GET /api/v1/booking/5/placement-template/3/available-suppliers': () =>
      jsonResponse({ items: suppliers }),
  });
  renderInviteModal();
}

describe('invite dialog', () => {
  it('offers in turn instead of to all, starting from the ticked suppliers', async () => {
    openInvite(false);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Invite Amelia Hughes' }));
    await user.click(await screen.findByText('Offer in turn'));
    expect(rankedNames()).toEqual(['1. Amelia Hughes']);
    expect(screen.getByRole('button', { name: 'Start offers (1)' })).toBeEnabled();
    await user.click(screen.getByText('Offer to all'));
    expect(screen.getByRole('button', { name: /^Invite \(1\)/ })).toBeEnabled();
  });

  it('does not offer in turn on a direct booking, whose instructions start accepted', async () => {
    openInvite(true);
    await screen.findByRole('checkbox', { name: 'Invite Amelia Hughes' });
    expect(screen.queryByText('Offer in turn')).toBeNull();
  });
});
