import type { components } from '@/api/schema';
import { felixOffer } from './instruction.test-data';

type Schemas = components['schemas'];
type AgendaCard = Schemas['AgendaCard'];
type AgendaInstruction = Schemas['AgendaInstruction'];
type AgendaStats = Schemas['AgendaStats'];

/**
 * Test data of the agenda's cards (the agenda, and the offers on the home page): a Felix Reid
 * instruction awaiting both sides, on a day placement.
 */
export const rowFixture = (over: Partial<AgendaInstruction> = {}): AgendaInstruction => ({
  ...felixOffer(),
  id: 50,
  placementId: 7,
  supplierStatus: 'awaiting_response',
  version: 3,
  clientName: 'Northbridge Media',
  colour: 'orange',
  substituted: false,
  // The server's flags for Felix on his own awaiting instruction.
  answerSide: 'supplier',
  canAccept: true,
  canReject: true,
  canAcceptAsSupplier: false,
  canRejectAsSupplier: false,
  canCancel: false,
  canSubstitute: false,
  canAcknowledge: false,
  ...over,
});

export const cardFixture = (over: Partial<AgendaCard> = {}): AgendaCard => ({
  bookingId: 31,
  bookingTitle: 'Premier League Football: Matchday',
  clientName: 'Northbridge Media',
  departmentId: 3,
  departmentName: 'Sport',
  departmentTimezone: 'America/New_York',
  placement: {
    id: 7,
    title: 'Camera Operator',
    date: '2026-12-07',
    period: ['2026-12-07T14:00:00.000Z', '2026-12-07T22:00:00.000Z'],
    localPeriod: { start: '2026-12-07T09:00:00.000-05:00', end: '2026-12-07T17:00:00.000-05:00' },
    timezone: 'America/New_York',
    overnight: false,
    startTime: '09:00',
    endTime: '17:00',
    deletedAt: null,
  },
  instructions: [rowFixture()],
  unassigned: false,
  isCritical: false,
  canOpen: true,
  colour: 'orange',
  ...over,
});

export const statsFixture = (over: Partial<AgendaStats> = {}): AgendaStats => ({
  outstanding: 1,
  awaitingConfirmation: 0,
  confirmed: 0,
  critical: 0,
  archived: 0,
  view: 'freelancer',
  ...over,
});
