import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockWrite, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { UnsubscribeRoute } from './unsubscribe';

const routes = [{ path: '/unsubscribe', element: <UnsubscribeRoute /> }];

const answers = (answer: () => Response) =>
  mockWrite('POST /api/v1/notification/unsubscribe', answer);

describe('UnsubscribeRoute', () => {
  it('turns the mails off on a click, not on load, and shows the server message', async () => {
    const sent = answers(() =>
      jsonResponse({
        identifier: 'supplier.rate_amended',
        label: 'Rate amended',
        message: "You will no longer receive 'Rate amended' e-mails.",
      }),
    );
    renderRoutes(routes, { path: '/unsubscribe?token=abc' });
    const button = await screen.findByRole('button', { name: 'Turn off these e-mails' });
    expect(sent()).toBeUndefined();
    await userEvent.setup().click(button);
    expect(await screen.findByRole('status')).toHaveTextContent("'Rate amended'");
    expect(sent()).toEqual({ token: 'abc' });
  });

  it("shows the server's reason for a forged link", async () => {
    answers(() => errorResponse(422, 'This unsubscribe link is not valid.', 'V-100'));
    renderRoutes(routes, { path: '/unsubscribe?token=forged' });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Turn off these e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid.',
    );
  });

  it('offers nothing without a token', async () => {
    answers(() => jsonResponse({}));
    renderRoutes(routes, { path: '/unsubscribe' });
    expect(await screen.findByRole('button', { name: 'Turn off these e-mails' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });
});
