import { formatDateTime } from '@/lib/format';

/** What the answer-by rule reads of an instruction (the views' InstructionView fields). */
export interface AnswerByFacts {
  answerBy?: string | null;
  supplierStatus: string;
  clientStatus: string;
  deletedAt?: string | null;
}

/** The cancellation reason of an offer left unanswered at its answer-by time (Go: bookings.ReasonOfferExpired). */
export const OFFER_EXPIRED = 'Offer expired';

/**
 * The answer-by time an instruction still runs against: its answerBy while the freelancer has
 * not answered and nobody cancelled or rejected it (Go: InstructionRow.expiresAt's condition);
 * otherwise null, since the time no longer means anything.
 */
export function openAnswerBy(i: AnswerByFacts): string | null {
  return i.answerBy && awaitsAnswer(i) ? i.answerBy : null;
}

/**
 * Whether the instruction is an offer its freelancer has yet to answer, live: what an
 * answer-by time may be set on (Go: setAnswerBy's check).
 */
export const awaitsAnswer = (i: AnswerByFacts) =>
  !i.deletedAt &&
  i.supplierStatus === 'awaiting_response' &&
  !['cancelled', 'rejected'].includes(i.clientStatus);

/** 'Answer by Mon, 05 Jan 2024 09:30', in zone (the viewer's when absent). */
export const answerByText = (at: string, timeZone?: string) =>
  `Answer by ${formatDateTime(at, timeZone)}`;
