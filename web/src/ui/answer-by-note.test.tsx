import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { openAnswerBy, OFFER_EXPIRED } from '@/lib/status/answer-by';
import { AnswerByNote } from './answer-by-note';

const offer = {
  answerBy: '2027-01-21T11:00:00.000+00:00',
  supplierStatus: 'awaiting_response',
  clientStatus: 'awaiting_response',
  deletedAt: null,
};

describe('answer-by note', () => {
  it('names the time in the zone while the offer awaits its answer', () => {
    render(
      <MantineProvider>
        <AnswerByNote instruction={offer} timeZone="Europe/London" />
      </MantineProvider>,
    );
    expect(
      screen.getByText('Answer by Thu, 21 Jan 2027 11:00 (Europe/London)'),
    ).toBeInTheDocument();
  });

  it('says nothing once answered, cancelled, expired or without a time', () => {
    expect(openAnswerBy(offer)).toBe(offer.answerBy);
    expect(openAnswerBy({ ...offer, supplierStatus: 'accepted' })).toBeNull();
    expect(openAnswerBy({ ...offer, clientStatus: 'cancelled' })).toBeNull();
    expect(openAnswerBy({ ...offer, clientStatus: 'rejected' })).toBeNull();
    expect(openAnswerBy({ ...offer, deletedAt: '2027-01-20T00:00:00Z' })).toBeNull();
    expect(openAnswerBy({ ...offer, answerBy: null })).toBeNull();
    expect(OFFER_EXPIRED).toBe('Offer expired');
  });
});
