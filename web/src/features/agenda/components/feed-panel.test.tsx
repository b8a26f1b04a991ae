import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { FeedPanel } from './feed-panel';

const FIRST = 'http://127.0.0.1:8080/api/v1/calendar/first-token.ics';
const SECOND = 'http://127.0.0.1:8080/api/v1/calendar/second-token.ics';
const CREATED = '2026-11-20T10:00:00.000Z';

function feedServer(firstUrl: string | null) {
  const calls: string[] = [];
  mockApi({
    'GET /api/v1/agenda/feed': () => {
      calls.push('GET');
      return jsonResponse({ url: firstUrl, createdAt: CREATED });
    },
    'POST /api/v1/agenda/feed/rotate': () => {
      calls.push('POST rotate');
      return jsonResponse({ url: SECOND, createdAt: CREATED });
    },
    'DELETE /api/v1/agenda/feed': () => {
      calls.push('DELETE');
      return new Response(null, { status: 204 });
    },
  });
  return calls;
}

describe('FeedPanel', () => {
  it('asks for the link only on demand and shows it with copy and webcal', async () => {
    const calls = feedServer(FIRST);
    renderWithProviders(<FeedPanel />);
    const panel = screen.getByRole('region', { name: 'Subscribe to your calendar' });
    expect(
      within(panel).getByText(/Google Calendar, Outlook and Apple Calendar can subscribe/),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Get calendar link' }));
    expect(await within(panel).findByRole('textbox', { name: 'Calendar link' })).toHaveValue(FIRST);
    expect(within(panel).getByRole('button', { name: 'Copy calendar link' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
      'href',
      'webcal://127.0.0.1:8080/api/v1/calendar/first-token.ics',
    );
    expect(calls).toEqual(['GET']);
  });

  it('resets the link after confirmation, showing the new one', async () => {
    const calls = feedServer(FIRST);
    renderWithProviders(<FeedPanel />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Get calendar link' }));
    await user.click(await screen.findByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your calendar link?' });
    expect(within(dialog).getByText(/The old link stops working at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    expect(await screen.findByText('Calendar link reset')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Calendar link' })).toHaveValue(SECOND);
    expect(calls).toEqual(['GET', 'POST rotate']);
  });

  it('explains an existing link it cannot show, and turns the feed off', async () => {
    const calls = feedServer(null);
    renderWithProviders(<FeedPanel />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Get calendar link' }));
    expect(await screen.findByText(/Your calendar link is active \(made on/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Calendar link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off your calendar feed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Your calendar feed is turned off.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get calendar link' })).toBeInTheDocument();
    expect(calls).toEqual(['GET', 'DELETE']);
  });
});
