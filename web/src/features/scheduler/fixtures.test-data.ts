import type { ChangeRow, SummaryGroup } from './rules';

export function groupFixture(over: Partial<SummaryGroup> = {}): SummaryGroup {
  return {
    bookingId: 31,
    bookingTitle: 'Matchday',
    cancelWindowDays: 2,
    clientName: 'Northbridge Media',
    colour: 'green',
    counts: { red: 0, orange: 1, purple: 0, green: 2, gray: 0 },
    deleted: false,
    departmentId: 3,
    departmentName: 'Sport',
    startTime: '09:00',
    endTime: '17:00',
    overnight: false,
    placementIds: [101],
    placementTitle: 'Camera',
    ...over,
  };
}

/**
 * A grouped summary answer: every date of the range, with the given groups on some; as the
 * server, only each day's first groupsPerDay groups when asked, counting them all.
 */
export function summaryFixture(url: URL, groups: Record<string, SummaryGroup[]>) {
  const start = url.searchParams.get('startDate')!;
  const end = url.searchParams.get('endDate')!;
  const perDay = Number(url.searchParams.get('groupsPerDay') ?? 0);
  const days = [];
  for (let d = new Date(`${start}T00:00:00Z`); d.toISOString().slice(0, 10) <= end;) {
    const date = d.toISOString().slice(0, 10);
    const all = groups[date] ?? [];
    days.push({
      date,
      groups: perDay ? all.slice(0, perDay) : all,
      groupCount: all.length,
      placementCount: all.reduce((n, g) => n + (g.placementIds?.length ?? 0), 0),
    });
    d = new Date(d.getTime() + 86_400_000);
  }
  return { days };
}

export function rowFixture(over: Partial<ChangeRow> = {}): ChangeRow {
  return {
    bookingId: 31,
    bookingTitle: 'Matchday',
    cancellationReason: '',
    kind: 'offer',
    holdRank: 0,
    higherHoldExists: false,
    challengedUntil: null,
    challengingUntil: null,
    cancelledAt: null,
    clientName: 'Northbridge Media',
    clientStatus: 'accepted',
    supplierStatus: 'accepted',
    colour: 'green',
    date: '2026-11-10',
    departmentName: 'Sport',
    fullName: 'Felix Moreau',
    instructionId: 501,
    lateCancellation: false,
    localPeriod: { start: '2026-11-10T09:00:00+00:00', end: '2026-11-10T17:00:00+00:00' },
    modifiedAt: '2026-11-01T10:00:00Z',
    period: ['2026-11-10T09:00:00Z', '2026-11-10T17:00:00Z'],
    placementId: 101,
    placementTitle: 'Camera',
    sellRate: { rate: 250, currency: 'GBP', period: 'day' },
    timezone: 'Europe/London',
    userId: 5,
    ...over,
  };
}
