import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, recordJson } from '@/test/render';
import { renderInviteModal } from './invite-modal.test-data';

const refusal = 'Only active freelancers this department may hire can be instructed.';

/** An available supplier of placement 11. */
const supplier = (id: number, fullName: string, alreadyInstructed = false) => ({
  user: { id, fullName, email: `${id}@hive.test` },
  availability: 1,
  availabilityColour: 'green',
  placementIds: [11],
  alreadyInstructed,
});

describe('invite modal', () => {
  it("shows the server's reason when a grant is refused", async () => {
    mockApi({
      'GET /api/v1/booking/5/placement-template/3/available-suppliers': () =>
        jsonResponse({ items: [supplier(9, 'Felix Reid')] }),
      'POST /api/v1/placement/11/grant': () =>
        jsonResponse(
          {
            error: refusal,
            errorCode: 'V-422',
            detail: [{ loc: ['body', 'userIds'], msg: refusal, type: 'value_error' }],
          },
          422,
        ),
    });
    const onDone = vi.fn();
    renderInviteModal({ onDone });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Invite Felix Reid' }));
    await user.click(screen.getByRole('button', { name: /^Invite \(1\)/ }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("ticks the freelancers carried from search's Book (?invite=) that may be invited", async () => {
    const sent = recordJson(() => jsonResponse({ inserted: 1, existing: 0 }));
    mockApi({
      'GET /api/v1/booking/5/placement-template/3/available-suppliers': () =>
        jsonResponse({
          items: [
            supplier(9, 'Felix Reid'),
            supplier(10, 'Amelia Hughes', true),
            supplier(12, 'Oliver Bennett'),
          ],
        }),
      'POST /api/v1/placement/11/grant': sent.handler,
    });
    // 10 is already instructed and 77 is not listed: neither is sent.
    renderInviteModal({ path: '/bookings/5/edit?invite=9,10,77' });
    expect(await screen.findByRole('checkbox', { name: 'Invite Felix Reid' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Invite Amelia Hughes' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Invite Oliver Bennett' })).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Invite \(1\)/ }));
    await vi.waitFor(() => expect(sent.body()).toEqual({ userIds: [9], placementIds: [11] }));
  });

  it('places a pencil (a hold) when Pencil (hold) is chosen', async () => {
    const sent = recordJson(() => jsonResponse({ inserted: 1, existing: 0, refused: [] }));
    mockApi({
      'GET /api/v1/booking/5/placement-template/3/available-suppliers': () =>
        jsonResponse({ items: [supplier(9, 'Felix Reid')] }),
      'POST /api/v1/placement/11/grant': sent.handler,
    });
    renderInviteModal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Invite Felix Reid' }));
    await user.click(screen.getByRole('radio', { name: 'Pencil (hold)' }));
    await user.click(screen.getByRole('button', { name: /^Pencil \(1\)/ }));
    await vi.waitFor(() =>
      expect(sent.body()).toEqual({ userIds: [9], placementIds: [11], kind: 'hold' }),
    );
    expect(await screen.findByText('Pencil placed')).toBeInTheDocument();
  });
});

describe('invite modal: the working-time guard', () => {
  it('marks a candidate whose accepted work leaves too little rest, naming it', async () => {
    const warning = "Less than 11 hours' rest after Late Match, which ends Mon 1 Mar 23:00";
    mockApi({
      'GET /api/v1/booking/5/placement-template/3/available-suppliers': () =>
        jsonResponse({
          items: [
            { ...supplier(9, 'Felix Reid'), restWarning: warning },
            supplier(12, 'Oliver Bennett'),
          ],
        }),
    });
    renderInviteModal();
    const felix = (await screen.findByRole('checkbox', { name: 'Invite Felix Reid' })).closest(
      'tr',
    );
    expect(felix).toHaveTextContent(`Rest warning: ${warning}`);
    const oliver = screen.getByRole('checkbox', { name: 'Invite Oliver Bennett' }).closest('tr');
    expect(oliver).not.toHaveTextContent('Rest warning');
  });
});

describe('invite modal: freelancers already booked', () => {
  const booked =
    'Already booked at an overlapping time: other work (busy), Wed 3 Mar 09:00–17:00.';

  it('shows why a booked candidate is not offered, and lets them be pencilled', async () => {
    mockApi({
      'GET /api/v1/booking/5/placement-template/3/available-suppliers': () =>
        jsonResponse({
          items: [
            {
              ...supplier(9, 'Felix Reid'),
              availability: 0,
              placementIds: [],
              totalPlacements: 1,
              bookedPlacementIds: [11],
              bookedWarning: booked,
            },
            { ...supplier(12, 'Oliver Bennett'), totalPlacements: 1, bookedPlacementIds: [] },
          ],
        }),
    });
    renderInviteModal();
    const felix = await screen.findByRole('checkbox', { name: 'Invite Felix Reid' });
    expect(felix).toBeDisabled();
    expect(felix.closest('tr')).toHaveTextContent(booked);
    expect(felix.closest('tr')).toHaveTextContent('send a pencil to ask');
    expect(screen.getByRole('checkbox', { name: 'Invite Oliver Bennett' })).toBeEnabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Pencil (hold)' }));
    expect(screen.getByRole('checkbox', { name: 'Invite Felix Reid' })).toBeEnabled();
  });

  it("shows the server's reason for each placement an offer was refused", async () => {
    const reason = `This freelancer is already booked at an overlapping time: other work (busy), Wed 3 Mar 09:00–17:00. To ask for them anyway, send a pencil (hold) instead of an offer.`;
    mockApi({
      'GET /api/v1/booking/5/placement-template/3/available-suppliers': () =>
        jsonResponse({
          items: [
            {
              ...supplier(9, 'Felix Reid'),
              availability: 0.5,
              totalPlacements: 2,
              bookedPlacementIds: [12],
              bookedWarning: booked,
            },
          ],
        }),
      'POST /api/v1/placement/11/grant': () =>
        jsonResponse({
          inserted: 1,
          existing: 0,
          refused: [{ userId: 9, placementId: 12, reason }],
        }),
    });
    renderInviteModal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Invite Felix Reid' }));
    await user.click(screen.getByRole('button', { name: /^Invite \(1\)/ }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });
});

describe('invite modal: busy in their own calendar', () => {
  it('warns of the busy time without what it is, and still offers', async () => {
    const busy = 'Busy (own calendar) Wed 10 Mar 2027 10:00–12:00';
    mockApi({
      'GET /api/v1/booking/5/placement-template/3/available-suppliers': () =>
        jsonResponse({
          items: [
            {
              ...supplier(9, 'Felix Reid'),
              availability: 0,
              placementIds: [],
              totalPlacements: 1,
              bookedPlacementIds: [],
              busyOwnCalendarPlacementIds: [11],
              busyOwnCalendar: busy,
            },
          ],
        }),
    });
    renderInviteModal();
    const felix = await screen.findByRole('checkbox', { name: 'Invite Felix Reid' });
    expect(felix).toBeEnabled();
    expect(felix.closest('tr')).toHaveTextContent(
      `${busy}. An offer of that time may be declined.`,
    );
  });
});
