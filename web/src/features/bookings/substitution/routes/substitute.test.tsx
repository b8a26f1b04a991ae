import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, recordJson, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { Component as Substitute } from './substitute';

afterEach(() => {
  // Toasts live in a module-wide store; an earlier test's would be found by later ones.
});

/** The page's own alert (toasts are alerts too). */
const pageAlert = async () =>
  (await screen.findByText('Substitution is not possible')).closest<HTMLElement>('[role="alert"]')!;

const candidate = (userId: number, first: string, last: string, same: boolean) => ({
  userId,
  user: {
    fullName: `${first} ${last}`,
    firstName: first,
    lastName: last,
    email: `${first}@x.test`,
  },
  vatRegistered: !same,
  incumbentHasSameVatStatus: same,
});

const target = {
  bookingId: 31,
  bookingTitle: 'Premier League Football: Matchday',
  placementId: 12,
  placementTitle: 'Camera Operator',
  date: '2026-12-07',
  instructionId: 40,
  userId: 5,
  fullName: 'Felix Reid',
};

function open(path = '/bookings/12/substitute?instructionId=40') {
  const manager = makeUser({ needs: ['client_manager'] });
  return renderRoutes(
    [
      { path: '/bookings/:id/substitute', element: <Substitute /> },
      { path: '/bookings/:id/edit', element: <p>Booking page</p> },
    ],
    { path, user: manager },
  );
}

describe('Substitute page', () => {
  it('says so when nobody can substitute', async () => {
    mockApi({
      'GET /api/v1/placement/12/available-substitutes': () =>
        jsonResponse({ for: target, items: [] }),
    });
    open();
    expect(
      await screen.findByText('There are no substitutes available to work this placement.'),
    ).toBeInTheDocument();
  });

  it('names what it is for, warns of a VAT mismatch, grants the substitution and returns to the booking', async () => {
    const sent = recordJson(() => jsonResponse({ inserted: 1 }));
    let asked = '';
    mockApi({
      'GET /api/v1/placement/12/available-substitutes': (request) => {
        asked = new URL(request.url).search;
        return jsonResponse({
          for: target,
          items: [candidate(5, 'Oliver', 'Bennett', false), candidate(6, 'Chloe', 'Okafor', true)],
        });
      },
      'POST /api/v1/placement/12/grant-substitution': sent.handler,
    });
    const { router } = open();
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Substitutes' });
    expect(asked).toContain('instructionId=40');
    const facts = screen.getByRole('group', { name: 'Substitution for' });
    expect(within(facts).getByText('31 · Premier League Football: Matchday')).toBeInTheDocument();
    expect(within(facts).getByText('Camera Operator on Mon, 07 Dec 2026')).toBeInTheDocument();
    expect(within(facts).getByText('Felix Reid')).toBeInTheDocument();
    await user.click(input);
    await user.type(input, 'okaf');
    expect(screen.queryByRole('option', { name: /Oliver/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Chloe/ }));
    expect(screen.queryByText('VAT status mismatch.')).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'oliver@');
    await user.click(screen.getByRole('option', { name: /Oliver/ }));
    expect(await screen.findByText('VAT status mismatch.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Substitute' }));
    await waitFor(() => expect(sent.body()).toEqual({ userIds: [6, 5], id: 40 }));
    expect(await screen.findByText('Booking page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/bookings/31/edit?placementId=12',
    );
    expect(await screen.findByText('Substitution Accepted')).toBeInTheDocument();
  });

  it("shows the server's reason when the substitution is refused, with no Retry that cannot work", async () => {
    mockApi({
      'GET /api/v1/placement/12/available-substitutes': () =>
        jsonResponse(
          { error: 'This booking does not allow substitution.', errorCode: 'V-422' },
          422,
        ),
    });
    open();
    const alert = await pageAlert();
    expect(
      within(alert).getByText('This booking does not allow substitution.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Could not load the available substitutes')).not.toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('offers Retry after a failure, which asking again may cure', async () => {
    let fail = true;
    mockApi({
      'GET /api/v1/placement/12/available-substitutes': () =>
        fail
          ? errorResponse(500, 'The database is busy.')
          : jsonResponse({ for: target, items: [] }),
    });
    open();
    const alert = await pageAlert();
    expect(within(alert).getByText('The database is busy.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('There are no substitutes available to work this placement.'),
    ).toBeInTheDocument();
  });

  it("shows a refused grant in the server's words", async () => {
    mockApi({
      'GET /api/v1/placement/12/available-substitutes': () =>
        jsonResponse({ for: target, items: [candidate(6, 'Chloe', 'Okafor', true)] }),
      'POST /api/v1/placement/12/grant-substitution': () =>
        errorResponse(409, 'This freelancer cannot substitute on this placement.'),
    });
    open();
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Substitutes' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: /Chloe/ }));
    await user.click(screen.getByRole('button', { name: 'Substitute' }));
    expect(
      await screen.findByText('This freelancer cannot substitute on this placement.'),
    ).toBeInTheDocument();
  });
});
