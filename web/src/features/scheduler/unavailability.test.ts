import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import { emptyFilters } from './filters';
import { unavailabilityUserIds, unavailableDays } from './unavailability';

const mark = (userId: number, fullName: string, dates: string[]) => ({
  userId,
  user: { id: userId, fullName },
  dates,
});

describe('unavailabilityUserIds', () => {
  const freelancer = makeUser({ id: 5, isFreelancer: true });
  const manager = makeUser({ id: 9 });
  it('asks for the filtered users, else a freelancer’s own, else nobody', () => {
    expect(unavailabilityUserIds(manager, { ...emptyFilters(), userIds: [7, 8] })).toEqual([7, 8]);
    expect(unavailabilityUserIds(freelancer, emptyFilters())).toEqual([5]);
    expect(unavailabilityUserIds(manager, emptyFilters())).toEqual([]);
  });
});

describe('unavailableDays', () => {
  it('says Unavailable on the viewer’s own days, names another, counts several', () => {
    const days = unavailableDays(
      [
        mark(5, 'Felix Moreau', ['2026-11-12', '2026-11-20']),
        mark(7, 'Fran Free', ['2026-11-12', '2026-11-13']),
      ],
      5,
    );
    expect(days.get('2026-11-20')).toEqual({ text: 'Unavailable', full: 'Unavailable' });
    expect(days.get('2026-11-13')).toEqual({
      text: 'Unavailable: Fran Free',
      full: 'Unavailable: Fran Free',
    });
    expect(days.get('2026-11-12')).toEqual({
      text: '2 people unavailable',
      full: 'Unavailable: you, Fran Free',
    });
    expect(days.has('2026-11-14')).toBe(false);
    expect(unavailableDays(null, 5).size).toBe(0);
  });
});
