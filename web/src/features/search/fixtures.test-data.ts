import type { SearchResult } from './api/search';

/** Search results as POST /search answers them, one or more per source. */
export const freelancer = (id: number, over: Partial<SearchResult> = {}): SearchResult => ({
  hiveSource: 'user',
  hiveRank: 10 - id / 100,
  id,
  roleLabel: 'Freelancer',
  available: true,
  firstName: `Free${id}`,
  lastName: 'Lancer',
  jobTitles: ['Camera Operator', 'Steadicam Operator', 'Grip', 'Gaffer'],
  entities: [1, 2, 3, 4, 5, 6].map((n) => ({ id: n, name: `Entity ${n}` })),
  departments: [1, 2, 3, 4, 5, 6].map((n) => ({ id: n, name: `Dept ${n}` })),
  dayRate: { rate: 400, currency: 'GBP', period: 'day' },
  businessType: 'uk_sole_trader',
  location_name: 'Salford, England, GB',
  ...over,
});

export const staff: SearchResult = {
  hiveSource: 'user',
  hiveRank: 5,
  id: 50,
  roleLabel: 'Staff',
  firstName: 'Sam',
  lastName: 'Staff',
  email: 'sam@hive.test',
  entities: [{ id: 1, name: 'Northbridge Broadcasting' }],
};

export const results: SearchResult[] = [
  freelancer(11),
  freelancer(12, { email: 'leak@hive.test', preferred: true }),
  freelancer(13, { available: false }),
  staff,
  {
    hiveSource: 'booking',
    hiveRank: 4,
    id: 70,
    title: 'Cup Final',
    reference: 'BK-0070',
    clientName: 'Northbridge Broadcasting',
    departmentName: 'Sport',
    legacyBookingId: 'L-70',
  },
  {
    hiveSource: 'job',
    hiveRank: 3,
    id: 80,
    title: 'Match Day Crew',
    reference: 'JOB-80',
    clientName: 'Northbridge Broadcasting',
    departmentName: 'Sport',
    agent: 'Agent A',
    divisionTeam: 'Live',
    function: 'Camera',
  },
  { hiveSource: 'department', hiveRank: 2, id: 90, name: 'Sport', clientName: 'Northbridge' },
  { hiveSource: 'entity', hiveRank: 2, id: 91, name: 'Northbridge Broadcasting', type: 'client' },
  {
    hiveSource: 'legal_entity',
    hiveRank: 1,
    id: 92,
    name: 'Crew Co Ltd',
    type: 'uk_private_limited',
  },
];
