import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, recordJson, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { makeTimesheet } from '@/test/timesheets.test-data';
import { EMPTY } from '../rules';
import { Component as Timesheets } from './timesheets';

function open(
  routes: Parameters<typeof mockApi>[0],
  user = makeUser({ id: 5, isFreelancer: true }),
) {
  mockApi(routes);
  renderRoutes([{ path: '/timesheets', element: <Timesheets /> }], { path: '/timesheets', user });
}

describe('/timesheets', () => {
  it('shows loading, then an error with Retry, then the empty tab', async () => {
    let fail = true;
    open({
      'GET /api/v1/timesheet': () =>
        fail
          ? errorResponse(500, 'Internal error', 'S-500')
          : jsonResponse({ items: [], total: 0 }),
    });
    expect(screen.getByText('Loading timesheets...')).toBeVisible();
    expect(await screen.findByText('The timesheets could not be loaded')).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(EMPTY.to_fill)).toBeVisible();
  });

  it('shows a timesheet to fill with its pay and submits the selected ones in one call', async () => {
    const submit = recordJson(() =>
      jsonResponse([makeTimesheet({ id: 1 }), makeTimesheet({ id: 2 })]),
    );
    open({
      'GET /api/v1/timesheet': () =>
        jsonResponse({
          items: [makeTimesheet({ id: 1 }), makeTimesheet({ id: 2, date: '2026-10-04' })],
          total: 2,
        }),
      'POST /api/v1/timesheet/submit': submit.handler,
    });
    const first = await screen.findByRole('article', { name: /Sat, 03 Oct 2026/ });
    expect(within(first).getByText('Pay 475.00 GBP')).toBeVisible();
    expect(within(first).getByText(/Overtime 1 h: 75.00 GBP/)).toBeVisible();
    expect(within(first).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Submit selected (2)' }));
    await screen.findByText('2 timesheets submitted for approval.');
    expect(submit.body()).toEqual({ ids: [1, 2] });
  });

  it("shows a manager the freelancer's name and only the buttons the server allows", async () => {
    open(
      {
        'GET /api/v1/timesheet': () =>
          jsonResponse({
            items: [
              makeTimesheet({
                status: 'submitted',
                approveBy: '2026-10-07T09:00:00Z',
                actions: { canEdit: false, canSubmit: false, canApprove: true, canDispute: true },
              }),
            ],
            total: 1,
          }),
      },
      makeUser({ id: 9, needs: ['department_manager'] }),
    );
    const card = await screen.findByRole('article');
    expect(within(card).getByText(/Felix Freelancer/)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Dispute' })).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
