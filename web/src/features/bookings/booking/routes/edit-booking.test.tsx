import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { BOOKING_LOAD_ERROR } from '@/lib/errors/catalogue';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import type { Booking } from '../rules';
import { bookingFixture } from '../fixtures.test-data';
import { Component as EditBooking } from './edit-booking';

const manager = makeUser({ id: 2, needs: ['department_manager'] });

function open(
  booking: Booking | null,
  { user = manager, path = '/bookings/31/edit' }: { user?: CurrentUser; path?: string } = {},
) {
  let patched: unknown;
  const api = mockApi({
    'GET /api/v1/booking/31': () =>
      booking ? jsonResponse(booking) : errorResponse(404, 'not found', 'N-404'),
    'PATCH /api/v1/booking/31': async (request) => {
      patched = await request.json();
      return jsonResponse({ ...booking, title: 'Cup Final', version: 4 });
    },
  });
  renderRoutes([{ path: '/bookings/:id/edit', element: <EditBooking /> }], { path, user });
  return { patched: () => patched, api };
}

const freelancer = makeUser({ id: 9, needs: ['freelancer'], isFreelancer: true });

describe('Edit Booking page', () => {
  it("shows the spec's text when the booking cannot be loaded", async () => {
    open(null);
    expect(await screen.findByText(BOOKING_LOAD_ERROR)).toBeInTheDocument();
  });

  it('shows the placements, the invitations and the booking', async () => {
    open(bookingFixture());
    expect(await screen.findByRole('heading', { name: 'Placements' })).toBeInTheDocument();
    const invitations = screen.getByRole('region', { name: 'Invitations' });
    expect(within(invitations).getByText('Felix Reid')).toBeInTheDocument();
    expect(within(invitations).getByText('Accepted / Awaiting response')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Amend Placements' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Placements' })).toBeInTheDocument();
    expect(await screen.findByText('Match Day Template')).toBeInTheDocument();
    // The grid: one row per instruction, one per placement without any; the viewer's rate label.
    expect(await screen.findByText('No user assigned')).toBeInTheDocument();
    expect(screen.getByText('Chargeable Rate')).toBeInTheDocument();
    expect(screen.queryByText('Buy Rate')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Overnight' })).toBeInTheDocument();
    expect(screen.getByText('Default')).toBeInTheDocument();
  });

  it('warns when nothing is selected', async () => {
    open(bookingFixture());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Amend Placements' }));
    expect(await screen.findByText('You must select at least one row')).toBeInTheDocument();
  });

  it('preselects the rows of ?placementId= and amends them', async () => {
    open(bookingFixture(), { path: '/bookings/31/edit?placementId=2' });
    // The grid preselects once it has rendered every section: slow on a busy machine.
    expect(await screen.findByText(/1 selected/, {}, { timeout: 15000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Amend Placements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Amend Placements' });
    expect(within(dialog).getByLabelText(/^Start time/)).toHaveValue('22:00');
  });

  it('saves the booking with the version read', async () => {
    const { patched } = open(bookingFixture());
    const user = userEvent.setup();
    const title = await screen.findByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Cup Final');
    await user.click(screen.getByLabelText('IR35'));
    await user.click(screen.getByRole('button', { name: 'Save Booking' }));
    await waitFor(() =>
      expect(patched()).toEqual({
        version: 3,
        title: 'Cup Final',
        reference: 'R-1',
        ir35: true,
        substitutionAllowed: false,
      }),
    );
    expect(await screen.findByText('Booking updated')).toBeInTheDocument();
  });

  it('shows the booking read-only to someone who cannot manage it', async () => {
    open(bookingFixture({ canManage: false }));
    expect(await screen.findByLabelText(/^Title/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Amend Placements' })).not.toBeInTheDocument();
  });

  it("names the job template to a freelancer from the booking, reading nothing they can't", async () => {
    const { api } = open(bookingFixture({ canManage: false }), { user: freelancer });
    const edit = await screen.findByRole('region', { name: 'Edit Booking' });
    expect(within(edit).getByText('Match Day Template')).toBeInTheDocument();
    expect(
      within(edit).queryByRole('link', { name: 'Match Day Template' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(/#4/)).not.toBeInTheDocument();
    // Only the booking (and the CSRF token) were asked for: no job template, no failing call.
    const asked = api.mock.calls.map(([input, init]) => {
      const r = input instanceof Request ? input : new Request(input, init);
      return new URL(r.url).pathname;
    });
    expect(
      asked.filter((p) => !['/api/v1/booking/31', '/api/v1/account/token'].includes(p)),
    ).toEqual([]);
  });

  it('shows a dash, not an id, for a booking without a job template name', async () => {
    open(bookingFixture({ jobTemplateId: null, jobTemplateName: '' }), { user: freelancer });
    const edit = await screen.findByRole('region', { name: 'Edit Booking' });
    expect(within(edit).getByText('—')).toBeInTheDocument();
  });
});
