import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockWrite, renderRoutes } from '@/test/render';
import { ConfirmEmailRoute } from './confirm-email';

const routes = [
  { path: '/confirm-email', element: <ConfirmEmailRoute /> },
  { path: '/', element: <p>home screen</p> },
];

const answers = (answer: () => Response) => mockWrite('POST /api/v1/account/confirm-email', answer);

describe('ConfirmEmailRoute', () => {
  it('confirms on a click, not on load, and goes on with the server message', async () => {
    const sent = answers(() =>
      jsonResponse({
        message: 'Your email address has been changed. Use the new address to log in.',
      }),
    );
    renderRoutes(routes, { path: '/confirm-email?token=abc' });
    const button = await screen.findByRole('button', { name: 'Confirm new address' });
    expect(sent()).toBeUndefined();
    await userEvent.setup().click(button);
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(sent()).toEqual({ token: 'abc' });
    expect(await screen.findByText(/Your email address has been changed/)).toBeInTheDocument();
  });

  it("shows the server's message when the link is used or expired", async () => {
    answers(() =>
      jsonResponse(
        {
          error: 'This link is invalid, has been used, or has expired. Request a new one.',
          errorCode: 'A-105',
        },
        422,
      ),
    );
    renderRoutes(routes, { path: '/confirm-email?token=used' });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Confirm new address' }));
    expect(
      await screen.findByText(
        'This link is invalid, has been used, or has expired. Request a new one.',
      ),
    ).toBeInTheDocument();
  });

  it('cannot confirm without a token', async () => {
    answers(() => jsonResponse({}));
    renderRoutes(routes, { path: '/confirm-email' });
    expect(await screen.findByRole('button', { name: 'Confirm new address' })).toBeDisabled();
  });
});
