import type { components } from '@/api/schema';
import { felixUser } from './people.test-data';

/**
 * Felix Reid's (user 5) offer on booking 31 as the booking pages and the agenda both receive an
 * instruction: no hold, nothing before it, created 20 November 2026 at 250 GBP a day. Each view's
 * test data adds its placement, statuses, version and the server's flags. A new object each call.
 */
export const felixOffer = () =>
  ({
    bookingId: 31,
    userId: 5,
    user: felixUser(),
    fullName: 'Felix Reid',
    kind: 'offer',
    holdRank: 0,
    higherHoldExists: false,
    challengedUntil: null,
    challengingUntil: null,
    canConfirmHold: false,
    canReleaseHold: false,
    canChallengeHold: false,
    clientStatus: 'awaiting_response',
    previousSupplierStatus: null,
    previousClientStatus: null,
    substitutionOfId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    cancellationReason: '',
    sellRate: { rate: 250, currency: 'GBP', period: 'day' },
    departmentName: 'Sport',
    direct: false,
    isFuture: true,
    overnight: false,
    deletedAt: null,
    isCritical: false,
    supplierId: null,
    legalEntityId: null,
    notes: '',
    answerBy: null,
  }) satisfies Partial<components['schemas']['InstructionView']> &
    Partial<components['schemas']['AgendaInstruction']>;
