import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountKeys } from '@/lib/query-keys';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { LoginSecondFactorRoute } from './login-second-factor';

const routes = [
  { path: '/login/second-factor', element: <LoginSecondFactorRoute /> },
  { path: '/login', element: <p>login screen</p> },
  { path: '/bookings', element: <p>bookings screen</p> },
];

async function enter(code: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
}

describe('LoginSecondFactorRoute', () => {
  it('a right code stores the user and goes to bookings', async () => {
    mockApi({
      'POST /api/v1/account/login/second-factor': () =>
        jsonResponse({ user: makeUser({ firstName: 'Grace' }) }),
    });
    const { queryClient } = renderRoutes(routes, { path: '/login/second-factor' });
    await enter('123456');
    expect(await screen.findByText('bookings screen')).toBeInTheDocument();
    expect(queryClient.getQueryData(accountKeys.whoami())).toMatchObject({ firstName: 'Grace' });
  });

  it("a wrong code shows the server's message on the field", async () => {
    mockApi({
      'POST /api/v1/account/login/second-factor': () =>
        jsonResponse(
          {
            error: 'validation failed',
            errorCode: 'V-422',
            detail: [
              { loc: ['body', 'code'], msg: 'That code is not valid.', type: 'value_error' },
            ],
          },
          422,
        ),
    });
    renderRoutes(routes, { path: '/login/second-factor' });
    await enter('000000');
    expect(await screen.findByText('Error: That code is not valid.')).toBeInTheDocument();
  });

  it('an expired sign-in goes back to the login screen', async () => {
    mockApi({
      'POST /api/v1/account/login/second-factor': () =>
        errorResponse(401, 'This sign-in has expired. Log in again.', 'A-105'),
    });
    renderRoutes(routes, { path: '/login/second-factor' });
    await enter('123456');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });
});
