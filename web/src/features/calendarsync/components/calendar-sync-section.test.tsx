import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  makeUser,
  mockApi,
  recordJson,
  renderRoutes,
  renderWithProviders,
} from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { CalendarSyncSection } from './calendar-sync-section';

const connection = {
  id: 3,
  serverUrl: 'https://caldav.example.com/',
  username: 'fran',
  readCalendar: '/fran/personal/',
  writeCalendar: '/fran/work/',
  intervalMinutes: 10,
  lastGoodSyncAt: '2027-03-01T09:00:00Z',
  lastError: '',
  lastErrorAt: null,
  nextSyncAt: '2027-03-01T09:10:00Z',
  busyBlocks: 4,
  writtenEvents: 1,
  createdAt: '2027-03-01T08:00:00Z',
};

const renderSection = () =>
  renderWithProviders(<CalendarSyncSection />, { user: makeUser({ isFreelancer: true }) });

describe('CalendarSyncSection', () => {
  it('finds the calendars, then connects the two chosen ones', async () => {
    let connected = false;
    const discover = recordJson(() =>
      jsonResponse({
        calendars: [
          { path: '/fran/personal/', name: 'Personal' },
          { path: '/fran/work/', name: 'Work' },
        ],
      }),
    );
    const create = recordJson(() => {
      connected = true;
      return jsonResponse(connection, 201);
    });
    mockApi({
      'GET /api/v1/calendar-connection': () =>
        jsonResponse({ items: connected ? [connection] : [] }),
      'POST /api/v1/calendar-connection/discover': discover.handler,
      'POST /api/v1/calendar-connection': create.handler,
    });
    renderSection();
    const section = await screen.findByRole('region', { name: 'Your calendar' });
    expect(await within(section).findByText('No calendar connected.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(
      within(section).getByLabelText('CalDAV address'),
      'https://caldav.example.com/',
    );
    await user.type(within(section).getByLabelText('User name'), 'fran');
    await user.type(within(section).getByLabelText(/^App password/), 'secret-app-password');
    await user.click(within(section).getByRole('button', { name: 'Find calendars' }));
    expect(discover.body()).toEqual({
      serverUrl: 'https://caldav.example.com/',
      username: 'fran',
      password: 'secret-app-password',
    });
    await user.click(await within(section).findByRole('combobox', { name: /Calendar to write/ }));
    await user.click(await screen.findByRole('option', { name: 'Work' }));
    await user.click(within(section).getByRole('button', { name: 'Connect calendar' }));
    expect(create.body()).toMatchObject({
      readCalendar: '/fran/personal/',
      writeCalendar: '/fran/work/',
      intervalMinutes: 10,
    });
    expect(await within(section).findByText('Synced')).toBeInTheDocument();
  });

  it('shows the failing sync with the last good one, and the server’s reason for a refused sync', async () => {
    mockApi({
      'GET /api/v1/calendar-connection': () =>
        jsonResponse({
          items: [
            {
              ...connection,
              lastError: 'The calendar server refused the user name or app password.',
              lastErrorAt: '2027-03-01T10:00:00Z',
            },
          ],
        }),
      'POST /api/v1/calendar-connection/3/sync': () =>
        errorResponse(404, 'Calendar connection not found', 'N-404'),
    });
    renderSection();
    const section = await screen.findByRole('region', { name: 'Your calendar' });
    expect(await within(section).findByText('Sync failing')).toBeInTheDocument();
    expect(within(section).getByRole('alert')).toHaveTextContent('refused the user name');
    expect(within(section).getByText(/Last good sync/)).not.toHaveTextContent('not yet');
    await userEvent.click(within(section).getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Calendar connection not found')).toBeInTheDocument();
  });

  it('offers Retry when the connection cannot be read', async () => {
    mockApi({
      'GET /api/v1/calendar-connection': () => errorResponse(500, 'Something went wrong', 'S-500'),
    });
    renderSection();
    expect(await screen.findByText('Could not load your calendar connection')).toBeInTheDocument();
  });

  it('offers Connect Google Calendar only when the server has a Google client', async () => {
    mockApi({
      'GET /api/v1/calendar-connection': () => jsonResponse({ items: [], googleAvailable: false }),
    });
    renderSection();
    const section = await screen.findByRole('region', { name: 'Your calendar' });
    expect(await within(section).findByText('No calendar connected.')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Connect Google Calendar' })).toBeNull();
  });

  it('sends the freelancer to Google, and back from it connects the chosen calendars', async () => {
    let connected = false;
    const create = recordJson(() => {
      connected = true;
      return jsonResponse({ ...connection, username: 'Google account' }, 201);
    });
    mockApi({
      'GET /api/v1/calendar-connection': () =>
        jsonResponse({ items: connected ? [connection] : [], googleAvailable: true }),
      'POST /api/v1/calendar-connection/google/discover': () =>
        jsonResponse({
          calendars: [{ path: '/caldav/v2/fran%40gmail.com/events/', name: 'Fran' }],
        }),
      'POST /api/v1/calendar-connection/google': create.handler,
    });
    renderRoutes([{ path: '/settings', element: <CalendarSyncSection /> }], {
      user: makeUser({ isFreelancer: true }),
      path: '/settings?google-calendar=ready',
    });
    const section = await screen.findByRole('region', { name: 'Your calendar' });
    const user = userEvent.setup();
    await user.click(
      await within(section).findByRole('button', { name: 'Connect Google Calendar' }),
    );
    expect(create.body()).toEqual({
      readCalendar: '/caldav/v2/fran%40gmail.com/events/',
      writeCalendar: '/caldav/v2/fran%40gmail.com/events/',
      intervalMinutes: 10,
    });
    expect(await within(section).findByText('Synced')).toBeInTheDocument();
  });

  it('links to Google when it is available, and says when the grant failed', async () => {
    mockApi({
      'GET /api/v1/calendar-connection': () => jsonResponse({ items: [], googleAvailable: true }),
    });
    renderRoutes([{ path: '/settings', element: <CalendarSyncSection /> }], {
      user: makeUser({ isFreelancer: true }),
      path: '/settings?google-calendar=failed',
    });
    const section = await screen.findByRole('region', { name: 'Your calendar' });
    expect(
      await within(section).findByText('Google Calendar was not connected'),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('link', { name: 'Try Google Calendar again' }),
    ).toHaveAttribute('href', '/api/v1/calendar-connection/google/start');
  });
});
