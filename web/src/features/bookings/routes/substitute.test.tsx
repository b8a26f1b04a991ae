import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserProvider } from '@/lib/current-user';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { Component as Substitute } from './substitute';

afterEach(() => vi.unstubAllGlobals());

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

function open(path = '/bookings/12/substitute?instructionId=40') {
  const manager = makeUser({ needs: ['client_manager'] });
  return renderRoutes(
    [
      {
        path: '/bookings/:id/substitute',
        element: (
          <CurrentUserProvider user={manager}>
            <Substitute />
          </CurrentUserProvider>
        ),
      },
      { path: '/agenda', element: <p>Agenda page</p> },
    ],
    { path },
  );
}

describe('Substitute page', () => {
  it('says so when nobody can substitute', async () => {
    mockApi({
      'GET /api/v1/placement/12/available-substitutes': () => jsonResponse({ items: [] }),
    });
    open();
    expect(
      await screen.findByText('There are no substitutes available to work this placement.'),
    ).toBeInTheDocument();
  });

  it('warns of a VAT mismatch, grants the substitution and goes to the agenda', async () => {
    let sent: unknown;
    let asked = '';
    mockApi({
      'GET /api/v1/account/token': () => jsonResponse({ token: 't' }),
      'GET /api/v1/placement/12/available-substitutes': (request) => {
        asked = new URL(request.url).search;
        return jsonResponse({
          items: [candidate(5, 'Oliver', 'Bennett', false), candidate(6, 'Chloe', 'Okafor', true)],
        });
      },
      'POST /api/v1/placement/12/grant-substitution': async (request) => {
        sent = await request.json();
        return jsonResponse({ inserted: 1 });
      },
    });
    open();
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Substitutes' });
    expect(asked).toContain('instructionId=40');
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
    await waitFor(() => expect(sent).toEqual({ userIds: [6, 5], id: 40 }));
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    expect(await screen.findByText('Substitution Accepted')).toBeInTheDocument();
  });
});
