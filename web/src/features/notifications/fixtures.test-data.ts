import type { Notification } from './rules';

/** A notification as the server sends it; unread unless a readReceipt is given. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 11,
    type: 'supplier.offered',
    subject: 'New offer: Camera Operator on Mon, 05 Jan 2026',
    bodyText: 'You have a new offer.\nOpen the booking to accept or reject it.',
    link: '/bookings/12/edit?placementId=34',
    createdAt: '2026-01-02T09:30:00Z',
    recipient: 'freelancer@hive.test',
    user: { id: 7, fullName: 'Felix Reid' },
    ...overrides,
  };
}
