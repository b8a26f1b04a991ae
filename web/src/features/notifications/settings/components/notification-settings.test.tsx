import { notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import type { Preference } from '../api/get-preferences';
import { NotificationSettings } from './notification-settings';

const supplier: Preference[] = [
  {
    identifier: 'supplier.offered',
    group: 'supplier',
    label: 'New offer',
    description: 'You are offered a placement, or booked straight into one.',
    enabled: true,
  },
  {
    identifier: 'supplier.rate_amended',
    group: 'supplier',
    label: 'Rate amended',
    description: 'The rate of one of your placements changed.',
    enabled: false,
  },
];

const manager: Preference[] = [
  {
    identifier: 'booking.created',
    group: 'booking',
    label: 'Booking created',
    description: 'Someone else created a booking in a department you manage.',
    enabled: true,
  },
  {
    identifier: 'client.accepted',
    group: 'client',
    label: 'Offer accepted',
    description: 'A freelancer accepted an offer in a department you manage.',
    enabled: true,
  },
];

function server(items: Preference[], patch?: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  let current = items;
  mockApi({
    'GET /api/v1/notification/preferences': () => jsonResponse({ items: current }),
    'PATCH /api/v1/notification/preferences': async (req) => {
      const body = (await req.json()) as { items: { identifier: string; enabled: boolean }[] };
      bodies.push(body);
      if (patch) return patch(body);
      current = current.map((p) => {
        const c = body.items.find((i) => i.identifier === p.identifier);
        return c ? { ...p, enabled: c.enabled } : p;
      });
      return jsonResponse({ items: current });
    },
  });
  return bodies;
}

describe('NotificationSettings', () => {
  beforeEach(() => act(() => notifications.clean()));

  it("shows the server's types grouped, each a labelled switch with its description", async () => {
    server(manager);
    renderWithProviders(<NotificationSettings />);
    const booking = await screen.findByRole('group', { name: 'Booking notifications' });
    const created = within(booking).getByRole('switch', { name: 'Booking created' });
    expect(created).toBeChecked();
    expect(created).toHaveAccessibleDescription(
      'Someone else created a booking in a department you manage.',
    );
    const client = screen.getByRole('group', { name: 'Client notifications' });
    expect(within(client).getByRole('switch', { name: 'Offer accepted' })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Supplier notifications' })).not.toBeInTheDocument();
  });

  it('saves a switch at once and confirms with the toast', async () => {
    const bodies = server(supplier);
    renderWithProviders(<NotificationSettings />);
    const group = await screen.findByRole('group', { name: 'Supplier notifications' });
    const offered = within(group).getByRole('switch', { name: 'New offer' });
    expect(within(group).getByRole('switch', { name: 'Rate amended' })).not.toBeChecked();
    await userEvent.setup().click(offered);
    expect(await screen.findByText('Notification settings updated')).toBeInTheDocument();
    expect(bodies).toEqual([{ items: [{ identifier: 'supplier.offered', enabled: false }] }]);
    expect(within(group).getByRole('switch', { name: 'New offer' })).not.toBeChecked();
  });

  it("shows the server's reason when it refuses a change, and keeps the switch as it was", async () => {
    server(supplier, () =>
      jsonResponse(
        {
          error: 'There is no notification type "supplier.offered" you can set.',
          errorCode: 'V-100',
        },
        422,
      ),
    );
    renderWithProviders(<NotificationSettings />);
    const offered = await screen.findByRole('switch', { name: 'New offer' });
    await userEvent.setup().click(offered);
    expect(
      await screen.findByText('There is no notification type "supplier.offered" you can set.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'New offer' })).toBeChecked();
    expect(screen.queryByText('Notification settings updated')).not.toBeInTheDocument();
  });

  it('says so when no type applies to the account', async () => {
    server([]);
    renderWithProviders(<NotificationSettings />);
    expect(
      await screen.findByText('No notification settings apply to your account.'),
    ).toBeInTheDocument();
  });

  it("shows the server's message and a retry when the settings cannot be read", async () => {
    mockApi({
      'GET /api/v1/notification/preferences': () =>
        errorResponse(401, 'Not authenticated', 'A-401'),
    });
    renderWithProviders(<NotificationSettings />);
    const alert = await screen.findByRole('alert', {
      name: 'Could not load your notification settings',
    });
    expect(within(alert).getByText('Not authenticated')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
