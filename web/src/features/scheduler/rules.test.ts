import { describe, expect, it } from 'vitest';
import {
  detailsRange,
  emptyFilters,
  filterCount,
  filtersFromParams,
  filtersFromQuery,
  monthFromParams,
  monthRange,
  withFilters,
  isGlobalView,
  unavailabilityUserIds,
  unavailableDays,
} from './rules';
import { makeUser } from '@/test/render';

describe('filters in the URL', () => {
  it('reads repeated keys, dropping junk and repeats, and keeps the colours in their order', () => {
    const p = new URLSearchParams(
      'departmentIds=3&departmentIds=x&departmentIds=3&departmentIds=1&placementStatuses=green&placementStatuses=red&placementStatuses=blue&month=2026-11',
    );
    expect(filtersFromParams(p)).toEqual({
      ...emptyFilters(),
      departmentIds: [1, 3],
      placementStatuses: ['red', 'green'],
    });
  });

  it('writes a filter set back without touching the month', () => {
    const p = withFilters(new URLSearchParams('month=2026-11&userIds=9'), {
      ...emptyFilters(),
      clientIds: [2, 5],
      placementStatuses: ['orange'],
    });
    expect(p.get('month')).toBe('2026-11');
    expect(p.getAll('clientIds')).toEqual(['2', '5']);
    expect(p.getAll('userIds')).toEqual([]);
    expect(filtersFromParams(p).placementStatuses).toEqual(['orange']);
  });

  it('reads a bookmark query with null lists', () => {
    const f = filtersFromQuery({
      clientIds: null,
      departmentIds: [4],
      userIds: null,
      placementStatuses: ['gray'],
      jobTemplateIds: null,
    });
    expect(f).toEqual({ ...emptyFilters(), departmentIds: [4], placementStatuses: ['gray'] });
    expect(filterCount(f)).toBe(2);
  });
});

describe('view range', () => {
  it('defaults to the month of today and ignores a bad month', () => {
    const now = new Date(2026, 10, 23, 12);
    expect(monthFromParams(new URLSearchParams(''), now)).toBe('2026-11');
    expect(monthFromParams(new URLSearchParams('month=2026-13'), now)).toBe('2026-11');
    expect(monthFromParams(new URLSearchParams('month=2027-02'), now)).toBe('2027-02');
  });

  it('spans the first to the last day of the month', () => {
    expect(monthRange('2028-02')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
  });

  it('asks the details for the selected days, at most 62 days from the first', () => {
    expect(detailsRange([])).toBeNull();
    expect(detailsRange(['2026-11-20', '2026-11-03'])).toEqual({
      startDate: '2026-11-03',
      endDate: '2026-11-20',
    });
    expect(detailsRange(['2026-01-01', '2026-03-04', '2026-03-05'])).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-03-04',
    });
  });
});

describe('Global View', () => {
  const manager = (needs: string[], canAdmin = false) => ({ canAdmin, isFreelancer: false, needs });
  it('is shown to managers of several departments without a department filter', () => {
    const several = manager(['department_manager', 'manage_department:1', 'manage_department:2']);
    expect(isGlobalView(several, emptyFilters())).toBe(true);
    expect(isGlobalView(several, { ...emptyFilters(), departmentIds: [1] })).toBe(false);
    expect(isGlobalView(manager([], true), emptyFilters())).toBe(true);
  });

  it('is not shown to the manager of one department nor to others', () => {
    expect(
      isGlobalView(manager(['department_manager', 'manage_department:1']), emptyFilters()),
    ).toBe(false);
    expect(isGlobalView(manager(['freelancer']), emptyFilters())).toBe(false);
  });
});

const mark = (userId: number, fullName: string, dates: string[]) => ({
  userId,
  user: { id: userId, fullName },
  dates,
  busyOwnCalendarDates: [] as string[],
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

  it('tells a day busy in someone’s own calendar as that, never what it is', () => {
    const days = unavailableDays(
      [
        {
          ...mark(5, 'Felix Moreau', ['2026-11-12']),
          busyOwnCalendarDates: ['2026-11-12', '2026-11-13'],
        },
        { ...mark(7, 'Fran Free', []), busyOwnCalendarDates: ['2026-11-13', '2026-11-14'] },
      ],
      5,
    );
    expect(days.get('2026-11-12')).toEqual({ text: 'Unavailable', full: 'Unavailable' });
    expect(days.get('2026-11-14')).toEqual({
      text: 'Busy (own calendar): Fran Free',
      full: 'Busy (own calendar): Fran Free',
    });
    expect(days.get('2026-11-13')).toEqual({
      text: '2 people busy',
      full: 'Busy (own calendar): you, Fran Free',
    });
  });
});
