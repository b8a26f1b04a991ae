import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placementTemplateFixture } from '@/test/job-template.test-data';
import { jsonResponse, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { bookingFormMessages } from '../rules';
import { addDays, dayLabel, monthOf, rangeDates, today } from '@/features/bookings/calendar/rules';
import { Component as CreateBooking } from './create-booking';

const template = {
  id: 4,
  title: 'Match Day Crew',
  type: 'template',
  description: '',
  departmentId: 2,
  department: { id: 2, name: 'Sport', timezone: 'Europe/London' },
  clientId: 1,
  clientName: 'Northbridge Broadcasting',
  version: 1,
  preferredUsers: [],
  placementTemplates: [
    placementTemplateFixture(),
    placementTemplateFixture({
      id: 8,
      title: 'Night Guard',
      startTime: '22:00',
      endTime: '06:00',
      overnight: true,
      position: 2,
      sellRate: { rate: 200, currency: 'GBP', period: 'day' },
    }),
  ],
};

function open(
  path = '/bookings/create',
  answer: (request: Request) => Response = () =>
    jsonResponse({ id: 31, placements: [{}, {}] }, 201),
) {
  let sent: Record<string, unknown> | undefined;
  const keys: (string | null)[] = [];
  mockApi({
    'GET /api/v1/job/brief': () =>
      jsonResponse([
        {
          id: 4,
          title: 'Match Day Crew',
          type: 'template',
          entityName: 'Northbridge Broadcasting',
        },
      ]),
    'GET /api/v1/job-template/4': () => jsonResponse(template),
    'POST /api/v1/booking': async (request) => {
      sent = (await request.json()) as Record<string, unknown>;
      keys.push(request.headers.get('Idempotency-Key'));
      return answer(request);
    },
  });
  const { router } = renderRoutes(
    [
      { path: '/bookings/create', element: <CreateBooking /> },
      { path: '/bookings/:id/edit', element: <p>Edit page</p> },
    ],
    { path },
  );
  return { router, sent: () => sent, keys };
}

// Today is Thursday 5 November 2026 (only the clock is fake, timers stay real): the 10th to 12th
// are ahead.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 5, 12));
});
afterEach(() => {
  vi.useRealTimers();
});

async function chooseTemplate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: /Job Template/ }));
  await user.click(
    await screen.findByRole('option', { name: 'Match Day Crew (Northbridge Broadcasting)' }),
  );
  await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Match Day Crew'));
}

describe('Create Booking', () => {
  it('asks before booking dates already gone, naming them, and books them once confirmed', async () => {
    const { router, sent } = open();
    const user = userEvent.setup();
    await chooseTemplate(user);
    // Range mode: Monday 2 to Friday 6 November, of which the 5th is today.
    await user.click(screen.getByRole('gridcell', { name: dayLabel('2026-11-02') }));
    await user.click(screen.getByRole('gridcell', { name: dayLabel('2026-11-06') }));
    expect(screen.getByText('Dates (5 selected)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book past dates?' });
    expect(within(dialog).getByText(bookingFormMessages.pastDates)).toBeInTheDocument();
    const listed = within(within(dialog).getByRole('list', { name: 'Past dates' })).getAllByRole(
      'listitem',
    );
    expect(listed.map((li) => li.textContent)).toEqual([
      'Mon, 02 Nov 2026',
      'Tue, 03 Nov 2026',
      'Wed, 04 Nov 2026',
    ]);
    // Back sends nothing; confirming sends every chosen date.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent()).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Book past dates?' })).getByRole('button', {
        name: 'Book past dates',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/31/edit'));
    expect(sent()?.dates).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
    ]);
  });

  it('needs a job template and at least one date', async () => {
    const { sent } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Booking' }));
    expect(await screen.findByText(bookingFormMessages.jobTemplateRequired)).toBeInTheDocument();
    expect(screen.getByText(bookingFormMessages.datesRequired)).toBeInTheDocument();
    expect(sent()).toBeUndefined();
  });

  it('creates a booking from a template on the chosen dates and opens it', async () => {
    const { router, sent } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /Job Template/ }));
    await user.click(
      await screen.findByRole('option', { name: 'Match Day Crew (Northbridge Broadcasting)' }),
    );
    // The template's title and all its placement templates are taken.
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Match Day Crew'));
    expect(screen.getByLabelText('Camera, 09:00–17:00')).toBeChecked();
    await user.click(screen.getByLabelText('Night Guard, 22:00–06:00 (overnight)'));

    const month = monthOf(today());
    await user.click(screen.getByRole('gridcell', { name: dayLabel(`${month}-10`) }));
    await user.click(screen.getByRole('gridcell', { name: dayLabel(`${month}-12`) }));
    expect(screen.getByText('Dates (3 selected)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/31/edit'));
    expect(sent()).toEqual({
      jobTemplateId: 4,
      title: 'Match Day Crew',
      type: 'default',
      direct: false,
      substitutionAllowed: false,
      ir35: false,
      periodType: 'range',
      dates: [`${month}-10`, `${month}-11`, `${month}-12`],
      placementTemplateIds: [7],
    });
    expect(await screen.findByText('Booking created')).toBeInTheDocument();
  });

  it("takes Book's freelancers and dates, and carries the freelancers to the new booking", async () => {
    const start = addDays(today(), 3);
    const end = addDays(start, 4);
    const { router, sent } = open(`/bookings/create?freelancers=5,6&start=${start}&end=${end}`);
    const user = userEvent.setup();
    expect(await screen.findByText('Dates (5 selected)')).toBeInTheDocument();
    expect(screen.getByTestId('invite-prefill')).toHaveTextContent('2 freelancers will be ticked');
    await user.click(await screen.findByRole('combobox', { name: /Job Template/ }));
    await user.click(
      await screen.findByRole('option', { name: 'Match Day Crew (Northbridge Broadcasting)' }),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Match Day Crew'));
    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/31/edit'));
    expect(router.state.location.search).toBe('?invite=5,6');
    expect(sent()?.dates).toEqual(rangeDates(start, end));
  });

  it('sends the same booking again with the same Idempotency-Key, and a changed one with a new key', async () => {
    let calls = 0;
    const { router, keys } = open('/bookings/create', () =>
      ++calls < 3
        ? errorResponse(503, 'Try again in a bit.', 'S-503')
        : jsonResponse({ id: 31, placements: [{}] }, 201),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /Job Template/ }));
    await user.click(
      await screen.findByRole('option', { name: 'Match Day Crew (Northbridge Broadcasting)' }),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Match Day Crew'));
    const month = monthOf(today());
    await user.click(screen.getByRole('gridcell', { name: dayLabel(`${month}-10`) }));
    const create = screen.getByRole('button', { name: 'Create Booking' });
    await user.click(create);
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);

    await waitFor(() => expect(create).toBeEnabled());
    await user.clear(screen.getByLabelText(/^Title/));
    await user.type(screen.getByLabelText(/^Title/), 'Cup Final Crew');
    await user.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/31/edit'));
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('ignores a malformed prefill', async () => {
    open('/bookings/create?freelancers=x,-1&start=2026-13&end=soon');
    expect(await screen.findByText('Dates (0 selected)')).toBeInTheDocument();
    expect(screen.queryByTestId('invite-prefill')).not.toBeInTheDocument();
  });
});
