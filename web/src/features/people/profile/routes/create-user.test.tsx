import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CurrentUserProvider } from '@/lib/current-user';
import { jsonResponse, makeUser, mockApi, recordJson, renderRoutes } from '@/test/render';
import { Component as CreateUser } from './create-user';

function open(path: string) {
  const manager = makeUser({ needs: ['client_manager', 'department_manager'] });
  renderRoutes(
    [
      {
        path: '/users/create',
        element: (
          <CurrentUserProvider user={manager}>
            <CreateUser />
          </CurrentUserProvider>
        ),
      },
    ],
    { path },
  );
}

describe('Create User', () => {
  it('picks the entity of ?entityId= already', async () => {
    const sent = recordJson(() => jsonResponse({ id: 5, email: 'nia@x.test' }, 201));
    mockApi({
      'GET /api/v1/entity/7': () => jsonResponse({ id: 7, name: 'Northbridge Broadcasting' }),
      'POST /api/v1/account': sent.handler,
    });
    open('/users/create?entityId=7');
    expect((await screen.findAllByText('Northbridge Broadcasting')).length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'nia@x.test');
    await user.type(screen.getByLabelText(/^First name/), 'Nia');
    await user.type(screen.getByLabelText(/^Last name/), 'Vale');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(sent.body()).toMatchObject({ email: 'nia@x.test', entityIds: [7] }));
  });

  it('says so when the entity of the link cannot be loaded, and still offers the form', async () => {
    mockApi({});
    open('/users/create?entityId=99');
    expect(await screen.findByText('Entity not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create User' })).toBeInTheDocument();
  });
});
