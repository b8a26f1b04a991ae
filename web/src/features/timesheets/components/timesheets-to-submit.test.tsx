import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, recordJson, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { makeTimesheet } from '@/test/timesheets.test-data';
import { TimesheetsToSubmit } from './timesheets-to-submit';

const felix = makeUser({ id: 5, isFreelancer: true });

const toFill = makeTimesheet({ id: 1 });
const disputed = makeTimesheet({
  id: 2,
  date: '2026-10-05',
  status: 'disputed',
  disputeReason: 'Wrong end time.',
});

function open(routes: Parameters<typeof mockApi>[0]) {
  mockApi(routes);
  renderRoutes([{ path: '/agenda', element: <TimesheetsToSubmit userId={5} /> }], {
    path: '/agenda',
    user: felix,
  });
}

describe('TimesheetsToSubmit', () => {
  it("asks for the caller's own timesheets to fill or disputed, submits the selected ones in one call and refreshes", async () => {
    let items = [toFill, disputed];
    const asked: URLSearchParams[] = [];
    const submit = recordJson(() => {
      items = [];
      return jsonResponse([toFill, disputed]);
    });
    open({
      'GET /api/v1/timesheet': (request) => {
        asked.push(new URL(request.url).searchParams);
        return jsonResponse({ items, total: items.length });
      },
      'POST /api/v1/timesheet/submit': submit.handler,
    });
    const region = await screen.findByRole('region', { name: 'Timesheets to submit (2)' });
    expect(asked[0]?.getAll('userIds')).toEqual(['5']);
    expect(asked[0]?.getAll('status')).toEqual(['to_fill', 'disputed']);
    const user = userEvent.setup();
    const first = within(region).getByRole('checkbox', {
      name: 'Autumn Fixtures: Camera Operator, Sat, 03 Oct 2026',
    });
    expect(within(region).getByRole('button', { name: 'Submit selected (0)' })).toBeDisabled();
    await user.click(first);
    expect(first).toBeChecked();
    await user.click(within(region).getByRole('button', { name: 'Select all' }));
    expect(within(region).getByRole('checkbox', { name: /Mon, 05 Oct 2026/ })).toBeChecked();
    await user.click(within(region).getByRole('button', { name: 'Submit selected (2)' }));
    await screen.findByText('2 timesheets submitted for approval.');
    expect(submit.body()).toEqual({ ids: [1, 2] });
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: /Timesheets to submit/ }),
      ).not.toBeInTheDocument(),
    );
  });

  it("shows the server's reason when it refuses, and keeps the selection", async () => {
    open({
      'GET /api/v1/timesheet': () => jsonResponse({ items: [toFill, disputed], total: 2 }),
      'POST /api/v1/timesheet/submit': () =>
        errorResponse(409, 'This timesheet was submitted meanwhile.', 'T-409'),
    });
    const region = await screen.findByRole('region', { name: 'Timesheets to submit (2)' });
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Select all' }));
    await user.click(within(region).getByRole('button', { name: 'Submit selected (2)' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'This timesheet was submitted meanwhile.',
    );
    expect(within(region).getByRole('button', { name: 'Submit selected (2)' })).toBeEnabled();
  });

  it('links to the Timesheets screen when there are more than the list shows', async () => {
    open({ 'GET /api/v1/timesheet': () => jsonResponse({ items: [toFill, disputed], total: 60 }) });
    const region = await screen.findByRole('region', { name: 'Timesheets to submit (2)' });
    expect(within(region).getByRole('link', { name: 'Timesheets screen' })).toHaveAttribute(
      'href',
      '/timesheets',
    );
  });

  it('shows nothing when there is nothing to submit', async () => {
    let asked = 0;
    open({
      'GET /api/v1/timesheet': () => {
        asked++;
        return jsonResponse({ items: [], total: 0 });
      },
    });
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('keeps what follows it hidden during its first read, then shows it below the list', async () => {
    let answer: (r: Response) => void = () => {};
    mockApi({ 'GET /api/v1/timesheet': () => new Promise<Response>((r) => (answer = r)) });
    renderRoutes(
      [
        {
          path: '/agenda',
          element: (
            <TimesheetsToSubmit userId={5}>
              <p>The cards</p>
            </TimesheetsToSubmit>
          ),
        },
      ],
      { path: '/agenda', user: felix },
    );
    await waitFor(() => expect(screen.getByText('The cards').parentElement).not.toBeVisible());
    answer(jsonResponse({ items: [toFill], total: 1 }));
    await screen.findByRole('region', { name: 'Timesheets to submit (1)' });
    expect(screen.getByText('The cards')).toBeVisible();
  });
});
