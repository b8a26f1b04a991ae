import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { bookingRulesMessages } from '../rules';
import { BookingRulesSection } from './booking-rules-section';

const defaults = {
  entityId: 7,
  dailyRestMinutes: 660,
  maxDaysInRow: 6,
  weeklyRestMinutes: 1440,
  holdChallengeMinutes: 1440,
  answerReminderMinutes: 120,
  changeReminderMinutes: 120,
  changeEscalationMinutes: 720,
  version: 0,
};

describe('booking rules section', () => {
  it('shows the defaults in hours and saves the change in minutes with the version read', async () => {
    let sent: Record<string, number> | undefined;
    mockApi({
      'GET /api/v1/entity/7/booking-rules': () => jsonResponse(defaults),
      'PUT /api/v1/entity/7/booking-rules': async (req: Request) => {
        sent = (await req.json()) as Record<string, number>;
        return jsonResponse({ ...defaults, ...sent, version: 1 });
      },
    });
    renderWithProviders(<BookingRulesSection entityId={7} />);
    const rest = await screen.findByRole('textbox', { name: 'Rest between placements (hours)' });
    expect(rest).toHaveValue('11');
    expect(screen.getByText(/uses the defaults/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(rest);
    await user.type(rest, '10.5');
    await user.click(screen.getByRole('button', { name: 'Save booking rules' }));
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      dailyRestMinutes: 630,
      maxDaysInRow: 6,
      changeReminderMinutes: 120,
      changeEscalationMinutes: 720,
      version: 0,
    });
    expect(
      screen.getByRole('textbox', {
        name: 'Tell the managers of a change still not acknowledged after (hours)',
      }),
    ).toHaveValue('12');
    expect(await screen.findByText('The booking rules were saved.')).toBeInTheDocument();
  });

  it('refuses a missing value before sending', async () => {
    const put = vi.fn();
    mockApi({
      'GET /api/v1/entity/7/booking-rules': () => jsonResponse(defaults),
      'PUT /api/v1/entity/7/booking-rules': put,
    });
    renderWithProviders(<BookingRulesSection entityId={7} />);
    const days = await screen.findByRole('textbox', { name: 'Most days in a row' });
    const user = userEvent.setup();
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Save booking rules' }));
    expect(await screen.findByText(bookingRulesMessages.daysInRow)).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('shows why the rules could not be read, with Retry', async () => {
    mockApi({
      'GET /api/v1/entity/7/booking-rules': () => errorResponse(404, 'Record not found', 'N-404'),
    });
    renderWithProviders(<BookingRulesSection entityId={7} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Record not found');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
