import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, recordJson } from '@/test/render';
import type { PlacementRow } from '@/features/bookings/booking/rules';
import { freelancer, manager, renderPlacementActions } from './placement-actions.test-data';

const refusal = 'The answer-by time must not be after the placement starts.';

/** A row of placement 11 with an offer to Felix, awaiting or answered, with the viewer's flags. */
const row = (supplierStatus: string, flags: object): PlacementRow =>
  ({
    placement: { id: 11, placementTemplateId: 3, title: 'Camera', instructions: [] },
    instruction: {
      id: 7,
      placementId: 11,
      userId: 9,
      version: 1,
      supplierStatus,
      clientStatus: 'awaiting_response',
      answerBy: '2030-01-21T11:00:00.000+00:00',
      user: { fullName: 'Felix Reid' },
      sellRate: { rate: 200, currency: 'GBP', period: 'day' },
      ...flags,
    },
  }) as unknown as PlacementRow;

const managerFlags = { answerSide: 'client', canAccept: true, canReject: true, canCancel: true };
const toolbar = () => screen.getByRole('toolbar', { name: 'Placement actions' });

describe('Answer By (managers)', () => {
  it('moves the time of the chosen offers, and shows a refusal in the server’s words', async () => {
    const sent: unknown[] = [];
    mockApi({
      'PATCH /api/v1/instruction/answer-by': async (req) => {
        sent.push(await req.json());
        return sent.length === 1
          ? jsonResponse(
              {
                error: refusal,
                errorCode: 'V-422',
                detail: [{ loc: ['body', 'answerBy'], msg: refusal, type: 'value_error' }],
              },
              422,
            )
          : jsonResponse({ updated: 1 });
      },
    });
    renderPlacementActions(manager, [row('awaiting_response', managerFlags)], true);
    const user = userEvent.setup();
    await user.click(within(toolbar()).getByRole('button', { name: 'Answer By' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer by' });
    // It starts at the offer's own time.
    expect(within(dialog).getByRole('button', { name: /Answer by/ })).toHaveTextContent(
      dayjs('2030-01-21T11:00:00.000+00:00').format('ddd, DD MMM YYYY HH:mm'),
    );
    await user.click(within(dialog).getByRole('button', { name: /Answer by/ }));
    await user.click(await screen.findByRole('button', { name: 'In 2 hours' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    const body = sent[1] as { ids: number[]; answerBy: string };
    expect(body.ids).toEqual([7]);
    const hours = dayjs(body.answerBy).diff(dayjs(), 'hour', true);
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThan(2.1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('clears the time when the picker is emptied', async () => {
    const sent = recordJson(() => jsonResponse({ updated: 1 }));
    mockApi({
      'PATCH /api/v1/instruction/answer-by': sent.handler,
    });
    renderPlacementActions(manager, [row('awaiting_response', managerFlags)], true);
    const user = userEvent.setup();
    await user.click(within(toolbar()).getByRole('button', { name: 'Answer By' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer by' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear the answer-by time' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.body()).toEqual({ ids: [7], answerBy: null }));
  });

  it('is not offered to the freelancer', () => {
    mockApi({});
    renderPlacementActions(
      freelancer,
      [row('awaiting_response', { answerSide: 'supplier', canAccept: true })],
      false,
    );
    expect(within(toolbar()).queryByRole('button', { name: 'Answer By' })).not.toBeInTheDocument();
  });

  it('is not offered where every offer is answered', () => {
    mockApi({});
    renderPlacementActions(manager, [row('accepted', managerFlags)], true);
    expect(within(toolbar()).queryByRole('button', { name: 'Answer By' })).not.toBeInTheDocument();
  });
});
