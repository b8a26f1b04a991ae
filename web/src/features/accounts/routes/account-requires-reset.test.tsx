import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderRoutes } from '@/test/render';
import { AccountRequiresResetRoute } from './account-requires-reset';

const SENT = 'If an account uses this address, we have sent it a link to reset the password.';

async function open(state?: { email: string }) {
  const posted: unknown[] = [];
  mockApi({
    'POST /api/v1/account/reset-unauthenticated-password': async (req) => {
      posted.push(await req.json());
      return jsonResponse({ message: SENT }, 202);
    },
  });
  const { router } = renderRoutes(
    [
      { path: '/login', element: <p>login screen</p> },
      { path: '/account-requires-reset', element: <AccountRequiresResetRoute /> },
    ],
    { path: '/login' },
  );
  // The login screen comes here with the address it tried in navigation state.
  await act(() => router.navigate('/account-requires-reset', { state }));
  return { posted };
}

describe('AccountRequiresResetRoute', () => {
  it('after a refused sign-in, says the link was mailed and offers a new one', async () => {
    const { posted } = await open({ email: 'reset@hive.test' });
    expect(await screen.findByText(/We have sent a link to reset it/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('reset@hive.test');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new reset link' }));
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(posted).toEqual([{ email: 'reset@hive.test' }]);
  });

  it('reached directly, claims no mail and offers to send a reset link', async () => {
    const { posted } = await open();
    expect(await screen.findByText(/we will send you a link/)).toBeInTheDocument();
    expect(screen.queryByText(/We have sent/)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'reset@hive.test');
    await user.click(screen.getByRole('button', { name: 'Send a reset link' }));
    expect(await screen.findAllByText(SENT)).not.toHaveLength(0);
    expect(posted).toEqual([{ email: 'reset@hive.test' }]);
  });
});
