import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '@/test/render';
import { answerByInstant, answerByPresets, offersAwaitAnswer } from './answer-by-field';
import { renderInviteModal } from './invite-modal.test-data';

/** The Invite dialog of booking 5 (type and direct as given), placement 11, Felix listed. */
function openInvite(booking: { type: string; direct: boolean }, onGrant: (body: unknown) => void) {
  mockApi({
    'GET /api/v1/booking/5': () => jsonResponse({ id: 5, ...booking }),
    'GET /api/v1/booking/5/placement-template/3/available-suppliers': () =>
      jsonResponse({
        items: [
          {
            user: { id: 9, fullName: 'Felix Reid', email: '9@hive.test' },
            availability: 1,
            availabilityColour: 'green',
            placementIds: [11],
          },
        ],
      }),
    'POST /api/v1/placement/11/grant': async (req) => {
      onGrant(await req.json());
      return jsonResponse({ inserted: 1, existing: 0 });
    },
  });
  renderInviteModal();
}

describe('answer-by in the Invite dialog', () => {
  it('sends the chosen time as an instant with the grant', async () => {
    let sent: { answerBy?: string } | undefined;
    openInvite({ type: 'default', direct: false }, (b) => (sent = b as typeof sent));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Invite Felix Reid' }));
    await user.click(await screen.findByRole('button', { name: /Answer by/ }));
    await user.click(await screen.findByRole('button', { name: 'In 1 day' }));
    await user.click(screen.getByRole('button', { name: /^Invite \(1\)/ }));
    await vi.waitFor(() => expect(sent).toBeDefined());
    const hours = dayjs(sent?.answerBy).diff(dayjs(), 'hour', true);
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
  });

  it('sends no time when none is chosen', async () => {
    let sent: unknown;
    openInvite({ type: 'default', direct: false }, (b) => (sent = b));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Invite Felix Reid' }));
    expect(await screen.findByRole('button', { name: /Answer by/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Invite \(1\)/ }));
    await vi.waitFor(() => expect(sent).toEqual({ userIds: [9], placementIds: [11] }));
  });

  it('is not offered where instructions start accepted (direct or pre-confirmed)', async () => {
    openInvite({ type: 'pre_confirmed', direct: false }, vi.fn());
    await screen.findByRole('checkbox', { name: 'Invite Felix Reid' });
    expect(screen.queryByRole('button', { name: /Answer by/ })).not.toBeInTheDocument();
    expect(offersAwaitAnswer({ type: 'default', direct: true })).toBe(false);
    expect(offersAwaitAnswer({ type: 'default', direct: false })).toBe(true);
  });
});

describe('answer-by values', () => {
  it('turns a local pick into an instant, and none into nothing', () => {
    expect(answerByInstant(null)).toBeUndefined();
    expect(answerByInstant('2027-01-21 11:00:00')).toBe(dayjs('2027-01-21 11:00:00').toISOString());
  });

  it('offers presets from now, to the minute', () => {
    const now = dayjs('2027-01-20 09:00:30');
    expect(answerByPresets(now).map((p) => `${p.label}: ${p.value}`)).toEqual([
      'In 2 hours: 2027-01-20 11:00:00',
      'In 1 day: 2027-01-21 09:00:00',
      'In 3 days: 2027-01-23 09:00:00',
    ]);
  });
});
