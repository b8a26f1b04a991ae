import type { components } from '@/api/schema';

type Wire = components['schemas']['DashboardStats'];

const colours = (counts: Partial<Record<string, number>>) =>
  (['red', 'orange', 'purple', 'green', 'gray'] as const).map((colour) => ({
    colour,
    placements: counts[colour] ?? 0,
  }));

/** Two weeks of one administrator's figures: two clients, two currencies. */
export function statsFixture(overrides: Partial<Wire> = {}): Wire {
  return {
    startDate: '2027-03-01',
    endDate: '2027-03-14',
    colours: ['red', 'orange', 'purple', 'green', 'gray'],
    weeks: [
      { weekStart: '2027-03-01', colours: colours({ red: 1, orange: 1, green: 2 }), total: 4 },
      { weekStart: '2027-03-08', colours: colours({ orange: 1 }), total: 1 },
    ],
    fill: { placements: 5, filled: 4, rate: 0.8 },
    answers: { answered: 5, medianSeconds: 10800 },
    money: [
      {
        clientId: 1,
        clientName: 'Alpha Broadcasting',
        currency: 'EUR',
        charge: 75000,
        spend: 60000,
        pipeline: 0,
      },
      {
        clientId: 1,
        clientName: 'Alpha Broadcasting',
        currency: 'GBP',
        charge: 50000,
        spend: 40000,
        pipeline: 25000,
      },
      {
        clientId: 2,
        clientName: 'Beta Television',
        currency: 'GBP',
        charge: 30000,
        spend: 24000,
        pipeline: 0,
      },
    ],
    jobs: [
      { jobTemplateId: 7, title: 'Cup Final', placements: 3 },
      { jobTemplateId: null, title: '', placements: 1 },
    ],
    freelancers: [
      { userId: 5, name: 'Felix Reid', accepted: 2 },
      { userId: 6, name: 'Ola Other', accepted: 2 },
    ],
    spendShown: true,
    ...overrides,
  };
}

/** The same range with nothing in it. */
export const emptyStatsFixture = (): Wire =>
  statsFixture({
    weeks: [{ weekStart: '2027-03-01', colours: colours({}), total: 0 }],
    fill: { placements: 0, filled: 0, rate: null },
    answers: { answered: 0, medianSeconds: null },
    money: [],
    jobs: [],
    freelancers: [],
  });
