import type { Booking, Instruction, Placement } from './rules';
import { felixOffer } from '@/test/instruction.test-data';

/** Test data of the booking pages. */
export const placementFixture = (over: Partial<Placement> = {}): Placement => ({
  id: 1,
  bookingId: 31,
  placementTemplateId: 7,
  title: 'Camera',
  date: '2026-12-07',
  period: ['2026-12-07T09:00:00.000Z', '2026-12-07T17:00:00.000Z'],
  localPeriod: { start: '2026-12-07T09:00:00.000+00:00', end: '2026-12-07T17:00:00.000+00:00' },
  timezone: 'Europe/London',
  overnight: false,
  reference: '',
  unpaidBreaks: 30,
  supplierNotes: 'Bring boots',
  startTime: '09:00',
  endTime: '17:00',
  revision: 2,
  version: ['2026-11-20T10:00:00.000Z', '2026-11-21T10:00:00.000Z'],
  deletedAt: null,
  cancellationReason: '',
  instructions: [],
  ...over,
});

export const instructionFixture = (over: Partial<Instruction> = {}): Instruction => ({
  ...felixOffer(),
  id: 50,
  placementId: 1,
  supplierStatus: 'accepted',
  version: 1,
  clientName: 'Northbridge Broadcasting',
  // The server's flags for a manager of the department on an awaiting client side.
  answerSide: 'client',
  canAccept: true,
  canReject: true,
  canAcceptAsSupplier: false,
  canRejectAsSupplier: false,
  canCancel: true,
  canSubstitute: false,
  canAcknowledge: false,
  ...over,
});

export const bookingFixture = (over: Partial<Booking> = {}): Booking => ({
  id: 31,
  jobTemplateId: 4,
  jobTemplateName: 'Match Day Template',
  departmentId: 2,
  department: { id: 2, name: 'Sport', timezone: 'Europe/London', cancelWindowDays: 2 },
  clientId: 1,
  clientName: 'Northbridge Broadcasting',
  title: 'Match Day Crew',
  reference: 'R-1',
  ir35: false,
  type: 'default',
  direct: false,
  substitutionAllowed: false,
  periodType: 'range',
  startDate: '2026-12-07',
  endDate: '2026-12-08',
  dates: ['2026-12-07', '2026-12-08'],
  version: 3,
  canManage: true,
  placements: [
    placementFixture({ instructions: [instructionFixture()] }),
    placementFixture({
      id: 2,
      date: '2026-12-08',
      localPeriod: {
        start: '2026-12-08T22:00:00.000+00:00',
        end: '2026-12-09T06:00:00.000+00:00',
      },
      startTime: '22:00',
      endTime: '06:00',
      overnight: true,
    }),
  ],
  ...over,
});
