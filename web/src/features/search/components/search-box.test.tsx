import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderRoutes } from '@/test/render';
import { freelancer, results } from '../fixtures.test-data';
import { addDays } from '@/features/bookings';
import { SearchBox } from './search-box';
import { FakeLocation } from './fake-location.test-data';

afterEach(() => {
  vi.useRealTimers();
});

function open(answer: (body: Record<string, unknown>) => unknown = () => ({ data: results })) {
  const bodies: Record<string, unknown>[] = [];
  mockApi({
    'GET /api/v1/account/skill-tags': () => jsonResponse([{ id: 4, name: 'Steadicam' }]),
    'GET /api/v1/account/job-title-tags': () => jsonResponse([{ id: 2, name: 'Camera Operator' }]),
    'POST /api/v1/search': async (req) => {
      const body = ((await req.json()) as { data: Record<string, unknown> }).data;
      bodies.push(body);
      return jsonResponse(answer(body));
    },
  });
  const rendered = renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <SearchBox location={FakeLocation} />
            <p>Page content</p>
          </>
        ),
      },
      { path: '/bookings/create', element: <p>Create booking page</p> },
    ],
    { path: '/' },
  );
  return { ...rendered, bodies, user: userEvent.setup() };
}

/** Opens a date picker and chooses the day, moving on a month if the day is not shown. */
async function pick(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, iso: string) {
  const label = dayjs(iso).format('D MMMM YYYY');
  await user.click(input);
  if (!screen.queryByRole('button', { name: label })) {
    await user.click(await screen.findByRole('button', { name: 'Next month' }));
  }
  await user.click(await screen.findByRole('button', { name: label }));
}

const box = () => screen.getByRole('textbox', { name: 'Search' });
const panel = () => screen.findByRole('region', { name: 'Search results' });

describe('the search box', () => {
  it('searches from 3 characters once typing pauses, and shows the results', async () => {
    const { user, bodies } = open();
    await user.type(box(), 'ca');
    expect(
      within(await panel()).getByText('Type at least 3 characters to search.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(box(), 'm');
    expect(await within(await panel()).findByText('8 result(s) for “cam”')).toBeInTheDocument();
    // One request for the whole word, not one per key.
    expect(bodies).toEqual([{ query: 'cam' }]);
  });

  it('Escape closes the panel and no search runs until the box is used again', async () => {
    const { user } = open();
    await user.type(box(), 'cam');
    await within(await panel()).findByText('8 result(s) for “cam”');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
    await user.click(box());
    expect(await panel()).toBeInTheDocument();
  });

  it('an outside click closes the panel', async () => {
    const { user } = open();
    await user.type(box(), 'cam');
    await within(await panel()).findByText('8 result(s) for “cam”');
    await user.click(screen.getByText('Page content'));
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('emptying the box closes the panel', async () => {
    const { user } = open();
    await user.type(box(), 'cam');
    await panel();
    await user.clear(box());
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('Order By sends sort_key', async () => {
    const { user, bodies } = open();
    await user.type(box(), 'cam');
    const p = await panel();
    await within(p).findByText('8 result(s) for “cam”');
    await user.click(within(p).getByRole('combobox', { name: 'Order By' }));
    await user.click(within(p).getByRole('option', { name: 'Price' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ query: 'cam', sort_key: 'price' }));
  });

  it("'Add Filter' opens the advanced search; Submit runs it without the text and Book carries the selection and dates", async () => {
    const { user, bodies, router } = open(() => ({ data: [freelancer(21), freelancer(22)] }));
    await user.type(box(), 'cam');
    await panel();
    await user.click(screen.getByRole('button', { name: 'Add Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freelancer Advanced Search' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Skills' }));
    await user.click(await screen.findByRole('option', { name: 'Steadicam' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'Salford');
    await user.click(within(dialog).getByRole('combobox', { name: 'Radius' }));
    await user.click(await screen.findByRole('option', { name: '25 miles' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const p = await panel();
    expect(
      await within(p).findByText('2 result(s) for Freelancer Advanced Search'),
    ).toBeInTheDocument();
    expect(box()).toHaveValue('');
    expect(bodies.at(-1)).toEqual({
      skills: [4],
      location: { location_name: 'Salford', latitude: 53.48, longitude: -2.29 },
      radius: 25,
    });

    await user.click(within(p).getByRole('button', { name: 'Select All' }));
    await user.click(within(p).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/create'));
    expect(router.state.location.search).toBe('?freelancers=21%2C22');
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('Book carries the applied date range', async () => {
    const start = addDays(new Date().toISOString().slice(0, 10), 2);
    const end = addDays(start, 4);
    const { user, router } = open(() => ({ data: [freelancer(21)] }));
    await user.click(screen.getByRole('button', { name: 'Add Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freelancer Advanced Search' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Date Range/ }));
    await pick(user, within(dialog).getByRole('button', { name: 'Start Date' }), start);
    await pick(user, within(dialog).getByRole('button', { name: 'End Date' }), end);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const p = await panel();
    await within(p).findByText('1 result(s) for Freelancer Advanced Search');
    await user.click(within(p).getByRole('checkbox', { name: 'Select Free21 Lancer' }));
    await user.click(within(p).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/create'));
    expect(new URLSearchParams(router.state.location.search).get('start')).toBe(start);
    expect(new URLSearchParams(router.state.location.search).get('end')).toBe(end);
  });

  it("a refused search shows the server's reason", async () => {
    mockApi({
      'POST /api/v1/search': () =>
        jsonResponse(
          {
            error: 'validation failed',
            errorCode: 'V-422',
            detail: [{ loc: ['body'], msg: 'Enter a rate for the chosen currency.', type: '' }],
          },
          422,
        ),
    });
    renderRoutes([{ path: '/', element: <SearchBox location={FakeLocation} /> }]);
    const user = userEvent.setup();
    await user.type(box(), 'cam');
    expect(await within(await panel()).findByRole('alert')).toHaveTextContent(
      'Enter a rate for the chosen currency.',
    );
  });
});
