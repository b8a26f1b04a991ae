import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { ActivateRoute } from './activate';
import { ResetPasswordRoute } from './reset-password';

const DEAD = 'This link is invalid, has been used, or has expired. Request a new one.';

const routes = [
  { path: '/login', element: <p>login screen</p> },
  { path: '/activate', element: <ActivateRoute /> },
  { path: '/reset-password', element: <ResetPasswordRoute /> },
  { path: '/request-password-reset', element: <p>request screen</p> },
];

/** The API of a link whose check answers `check`, recording what activation posts. */
function serve(
  check: () => Response,
  submit: () => Response = () => jsonResponse({ message: 'ok' }),
) {
  const posted: unknown[] = [];
  mockApi({
    'POST /api/v1/account/check-token': check,
    'POST /api/v1/account/activate-account': async (req) => {
      posted.push(await req.json());
      return submit();
    },
    'POST /api/v1/account/reset-password': async (req) => {
      posted.push(await req.json());
      return submit();
    },
  });
  return posted;
}

describe('activation screen', () => {
  beforeEach(() => act(() => notifications.clean()));

  it('a self-signed-up account activates without any word of a password', async () => {
    const posted = serve(() => jsonResponse({ passwordNeeded: false }));
    renderRoutes(routes, { path: '/activate?token=t1' });
    const activate = await screen.findByRole('button', { name: 'Activate' });
    expect(screen.queryByLabelText(/password/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/password empty|assisted/i)).not.toBeInTheDocument();
    await userEvent.setup().click(activate);
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(posted).toEqual([{ activationToken: 't1', password: null }]);
  });

  it('an account created for the user must choose a password', async () => {
    const posted = serve(() => jsonResponse({ passwordNeeded: true }));
    renderRoutes(routes, { path: '/activate?token=t2' });
    const field = await screen.findByLabelText('Password');
    expect(screen.queryByText(/assisted|password empty/i)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(posted).toEqual([]);
    await user.type(field, 'Chosen-password-1');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(posted).toEqual([{ activationToken: 't2', password: 'Chosen-password-1' }]);
  });

  it('a used link says so from the server, with no form', async () => {
    serve(() => errorResponse(422, DEAD, 'A-105'));
    renderRoutes(routes, { path: '/activate?token=used' });
    expect(await screen.findByText(DEAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
  });
});

describe('reset-password screen', () => {
  beforeEach(() => act(() => notifications.clean()));

  it('a used link says why and offers a new one instead of a form', async () => {
    serve(() => errorResponse(422, DEAD, 'A-105'));
    renderRoutes(routes, { path: '/reset-password?token=used' });
    expect(await screen.findByText(DEAD)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Request a new reset link' }));
    expect(await screen.findByText('request screen')).toBeInTheDocument();
  });

  it('a link used meanwhile: the reason and a new link, not the form-errors toast', async () => {
    serve(
      () => jsonResponse({ passwordNeeded: true }),
      () => errorResponse(422, DEAD, 'A-105'),
    );
    renderRoutes(routes, { path: '/reset-password?token=t3' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Brand-new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(DEAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeInTheDocument();
    expect(screen.queryByText(/Correct the errors in the form/)).not.toBeInTheDocument();
  });
});
