import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import {
  statsOf,
  canSeeDashboard,
  defaultRange,
  formatDuration,
  formatMinor,
  moneyByCurrency,
  weekRows,
} from './rules';
import { statsFixture } from './fixtures.test-data';

describe('dashboard rules', () => {
  it('opens on last month to the end of next month', () => {
    expect(defaultRange(new Date(2027, 0, 15))).toEqual({ start: '2026-12-01', end: '2027-02-28' });
  });

  it('lets in administrators and managers of a department, as the server does', () => {
    expect(canSeeDashboard(makeUser({ canAdmin: true, needs: ['admin'] }))).toBe(true);
    expect(canSeeDashboard(makeUser({ needs: ['staff', 'manage_department:3'] }))).toBe(true);
    expect(canSeeDashboard(makeUser({ needs: ['staff', 'select_department:3'] }))).toBe(false);
    expect(
      canSeeDashboard(
        makeUser({ isFreelancer: true, needs: ['freelancer', 'manage_department:3'] }),
      ),
    ).toBe(false);
    expect(canSeeDashboard(null)).toBe(false);
  });

  it('writes durations and money for people', () => {
    expect(formatDuration(20)).toBe('20 s');
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(2.5 * 3600)).toBe('2 h 30 min');
    expect(formatDuration(76 * 3600)).toBe('3 d 4 h');
    expect(formatMinor(125050, 'GBP')).toBe('1,250.50 GBP');
  });

  it('keys the weekly bars by colour label and keeps each currency apart', () => {
    const stats = statsOf(statsFixture());
    expect(weekRows(stats)[0]).toMatchObject({
      week: '1 Mar 2027',
      'Cancelled or rejected': 1,
      'Awaiting response': 1,
      Confirmed: 2,
    });
    expect(moneyByCurrency(stats.money).map(([c, rows]) => [c, rows.length])).toEqual([
      ['EUR', 1],
      ['GBP', 2],
    ]);
  });

  it('reads null lists from the wire as empty ones', () => {
    const s = statsOf({
      ...statsFixture(),
      money: null,
      jobs: null,
      freelancers: null,
      weeks: null,
    });
    expect([s.money, s.jobs, s.freelancers, s.weeks]).toEqual([[], [], [], []]);
  });
});
