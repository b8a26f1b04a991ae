import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { emptyStatsFixture, statsFixture } from '../fixtures.test-data';
import { Component as Dashboard } from './dashboard';

const admin = makeUser({ id: 1, canAdmin: true, needs: ['admin', 'staff'] });
const manager = makeUser({
  id: 2,
  needs: [
    'staff',
    'client_manager',
    'department_manager',
    'manage_entity:1',
    'manage_department:3',
  ],
});

function open(user: CurrentUser) {
  return renderRoutes(
    [
      { path: '/dashboard', element: <Dashboard /> },
      { path: '/bookings', element: <p>Bookings page</p> },
    ],
    { path: '/dashboard', user },
  );
}

function server(stats: () => Response, embedURL: string | null = null) {
  const asked: string[] = [];
  mockApi({
    'GET /api/v1/dashboard/stats': (request) => {
      const q = new URL(request.url).searchParams;
      asked.push(`${q.get('startDate')}..${q.get('endDate')}`);
      return stats();
    },
    'GET /api/v1/dashboard/embed': () => {
      asked.push('embed');
      return jsonResponse({ url: embedURL });
    },
  });
  return asked;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Dashboard page', () => {
  it('renders every chart from the stats, with the figures in words', async () => {
    const asked = server(() => jsonResponse(statsFixture()));
    const { container } = open(admin);
    expect(
      await screen.findByRole('heading', { name: 'Placements per week by status' }),
    ).toBeInTheDocument();
    expect(within(section('Fill rate')).getByText('80%')).toBeInTheDocument();
    expect(within(section('Fill rate')).getByText(/4 of 5 placements filled/)).toBeInTheDocument();
    expect(
      within(section('Median time to answer an offer')).getByText('3 h 0 min'),
    ).toBeInTheDocument();
    // One money chart per currency: EUR and GBP are never on one axis.
    expect(
      screen.getByRole('heading', { name: 'Spend and charge per client (EUR)' }),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Spend and charge per client (GBP)' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Top job titles' })).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Freelancers with most accepted work' }),
    ).toBeVisible();
    // Each chart is drawn by the chart library.
    expect(container.querySelectorAll('.recharts-responsive-container').length).toBe(5);
    expect(asked.filter((a) => a !== 'embed')).toHaveLength(1);
    expect(asked).toContain('embed');
  });

  it('shows each chart as a table on request', async () => {
    server(() => jsonResponse(statsFixture()));
    open(admin);
    await screen.findByRole('heading', { name: 'Placements per week by status' });
    const user = userEvent.setup();

    const weeks = section('Placements per week by status');
    await user.click(within(weeks).getByRole('radio', { name: 'Table' }));
    const table = within(weeks).getByRole('table', { name: 'Placements per week by status' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Week ofCancelled or rejectedAwaiting responseAwaiting client confirmationConfirmedNot instructed or removedTotal',
      '1 Mar 20271102' + '04',
      '8 Mar 20270100' + '01',
    ]);

    const gbp = section('Spend and charge per client (GBP)');
    await user.click(within(gbp).getByRole('radio', { name: 'Table' }));
    expect(within(gbp).getByRole('row', { name: /Alpha Broadcasting/ })).toHaveTextContent(
      'Alpha Broadcasting500.00 GBP400.00 GBP250.00 GBP',
    );
    // Confirmed work is charged; the pipeline (awaiting an answer) stands apart, never added.
    expect(
      within(gbp)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Client', 'Charge', 'Spend', 'Pipeline']);
    expect(
      within(gbp).getByText(
        /^Confirmed work in GBP, per client, with the pipeline \(work awaiting/,
      ),
    ).toHaveTextContent('never added to it; cancelled and rejected work counts nothing.');
    const jobs = section('Top job titles');
    await user.click(within(jobs).getByRole('radio', { name: 'Table' }));
    expect(within(jobs).getByRole('row', { name: /Without a job template/ })).toHaveTextContent(
      '1',
    );
    // And back to the chart.
    await user.click(within(weeks).getByRole('radio', { name: 'Chart' }));
    expect(within(weeks).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the range holds nothing', async () => {
    server(() => jsonResponse(emptyStatsFixture()));
    open(admin);
    expect(await screen.findByText(/^No placements between .+ and .+\.$/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('heading', { name: 'Top job titles' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the stats are refused", async () => {
    server(() =>
      jsonResponse(
        { error: 'The start date must be on or before the end date.', errorCode: 'V-422' },
        422,
      ),
    );
    open(admin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The start date must be on or before the end date.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lets an administrator switch to the embedded analytics, 2000 px high', async () => {
    server(() => jsonResponse(statsFixture()), 'https://analytics.example.com/embed/dashboard/t#x');
    open(admin);
    await screen.findByRole('heading', { name: 'Placements per week by status' });
    const user = userEvent.setup();
    // The built-in charts are the default.
    const view = await screen.findByRole('radiogroup', { name: 'Dashboard view' });
    expect(within(view).getByRole('radio', { name: 'Built-in charts' })).toBeChecked();
    expect(screen.queryByTitle('Analytics dashboard')).not.toBeInTheDocument();
    await user.click(within(view).getByRole('radio', { name: 'Analytics' }));
    const frame = screen.getByTitle('Analytics dashboard');
    expect(frame).toHaveAttribute('src', 'https://analytics.example.com/embed/dashboard/t#x');
    expect(frame).toHaveAttribute('height', '2000');
    expect(screen.queryByRole('heading', { name: 'Top job titles' })).not.toBeInTheDocument();
  });

  it('gives a manager the charts without spend and never asks for the embed', async () => {
    const asked = server(() =>
      jsonResponse(
        statsFixture({
          spendShown: false,
          money: [
            {
              clientId: 1,
              clientName: 'Alpha Broadcasting',
              currency: 'GBP',
              charge: 50000,
              pipeline: 0,
            },
          ],
        }),
      ),
    );
    open(manager);
    expect(
      await screen.findByRole('heading', { name: 'Charge per client (GBP)' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Dashboard view' })).not.toBeInTheDocument();
    expect(asked).not.toContain('embed');
  });

  it('sends a freelancer back to Bookings', async () => {
    server(() => jsonResponse(statsFixture()));
    open(makeUser({ isFreelancer: true, needs: ['freelancer'] }));
    expect(await screen.findByText('Bookings page')).toBeInTheDocument();
  });
});
