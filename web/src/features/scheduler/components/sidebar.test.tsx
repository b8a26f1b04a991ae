import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { emptyFilters } from '../rules';
import { groupFixture, summaryFixture } from '../fixtures.test-data';
import { SchedulerSidebar } from './sidebar';

const manager = makeUser({ id: 9, needs: ['department_manager', 'manage_department:3'] });
const freelancer = makeUser({ id: 5, isFreelancer: true, needs: ['freelancer'] });
const selected = ['2026-12-07', '2026-12-09'];

// Today is 1 December 2026 (only the clock is fake, timers stay real), so the selected days are
// ahead and booking them asks nothing.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 1, 12));
});
afterEach(() => {
  vi.useRealTimers();
});

function open(user: CurrentUser) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = async (r: Request) => {
    sent.push({ method: r.method, path: new URL(r.url).pathname, body: await r.json() });
  };
  mockApi({
    'GET /api/v1/account/token': () => jsonResponse({ token: 't' }),
    'GET /api/v1/booking/summary': (r) =>
      jsonResponse(
        summaryFixture(new URL(r.url), {
          '2026-12-07': [
            groupFixture({
              instructions: [
                {
                  id: 1,
                  placementId: 101,
                  userId: 5,
                  fullName: 'Felix Reid',
                  colour: 'green',
                  supplierStatus: 'accepted',
                  clientStatus: 'accepted',
                  substituted: false,
                  substitutionOfId: null,
                },
              ],
            }),
          ],
          // Not selected: left out of the details.
          '2026-12-08': [groupFixture({ placementTitle: 'Sound' })],
        }),
      ),
    'GET /api/v1/job/brief': () =>
      jsonResponse([
        { id: 4, title: 'Match Day Crew', type: 'template', entityName: 'Northbridge' },
      ]),
    'GET /api/v1/job-template/4': () =>
      jsonResponse({
        id: 4,
        title: 'Match Day Crew',
        placementTemplates: [{ id: 7, title: 'Camera', startTime: '09:00', endTime: '17:00' }],
      }),
    'POST /api/v1/booking': async (r) => {
      await record(r);
      return jsonResponse({ id: 31, placements: [{}, {}] }, 201);
    },
    'POST /api/v1/unavailability': async (r) => {
      await record(r);
      return jsonResponse({ userId: 5, dates: selected });
    },
  });
  const { router } = renderRoutes(
    [
      {
        path: '/',
        element: <SchedulerSidebar selected={selected} mode="custom" filters={emptyFilters()} />,
      },
      { path: '/bookings/:id/edit', element: <p>Edit page</p> },
    ],
    { user },
  );
  return { sent, router };
}

describe('SchedulerSidebar', () => {
  it('details the selected days only, with their instructions', async () => {
    open(manager);
    const day = await screen.findByRole('region', { name: 'Monday 7 December 2026' });
    expect(within(day).getByRole('link', { name: /Camera \(Matchday\)/ })).toHaveAttribute(
      'href',
      '/bookings/31/edit?placementId=101',
    );
    expect(within(day).getByText('Felix Reid')).toBeInTheDocument();
    expect(screen.queryByText(/Sound/)).not.toBeInTheDocument();
  });

  it('creates a booking for the selected days and mode, then opens it', async () => {
    const user = userEvent.setup();
    const { sent, router } = open(manager);
    await user.click(screen.getByRole('tab', { name: 'Create Booking' }));
    await user.click(await screen.findByRole('combobox', { name: /Job Template/ }));
    await user.click(await screen.findByRole('option', { name: 'Match Day Crew (Northbridge)' }));
    await waitFor(() => expect(screen.getByLabelText('Camera, 09:00–17:00')).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/31/edit'));
    expect(sent[0]).toMatchObject({
      path: '/api/v1/booking',
      body: { jobTemplateId: 4, dates: selected, periodType: 'custom', placementTemplateIds: [7] },
    });
  });

  it('lets a freelancer mark the selected days unavailable', async () => {
    const user = userEvent.setup();
    const { sent } = open(freelancer);
    expect(screen.queryByRole('tab', { name: 'Create Booking' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Mark Availability' }));
    await user.click(await screen.findByRole('button', { name: 'Unavailable' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/v1/unavailability',
      body: { dates: selected },
    });
    expect(await screen.findByText('Marked 2 dates as unavailable.')).toBeInTheDocument();
  });
});
