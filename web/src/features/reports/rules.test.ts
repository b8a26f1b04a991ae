import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import {
  defaultRange,
  formatBytes,
  rangeProblem,
  REPORTS,
  reportFileName,
  reportsFor,
} from './rules';

const types = (needs: string[], extra = {}) =>
  reportsFor(makeUser({ needs, ...extra })).map((r) => r.type);

describe('reports rules', () => {
  it('offers each user only the reports the server lets them run', () => {
    expect(types(['admin'], { canAdmin: true })).toEqual([
      'financialMetrics',
      'bookings',
      'agency',
      'entities',
      'users',
      'jobTemplates',
    ]);
    expect(types(['client_manager', 'department_manager'])).toEqual(['financialMetrics']);
    expect(types(['agency_manager'])).toEqual(['financialMetrics']);
    expect(types(['department_manager', 'manage_department:3'])).toEqual([]);
    expect(types(['staff'])).toEqual([]);
    expect(types(['freelancer'], { isFreelancer: true })).toEqual([]);
  });

  it('says on the Financial Metrics card what its charges count', () => {
    expect(REPORTS.find((r) => r.type === 'financialMetrics')?.description).toBe(
      'Every instruction with its hours, rates and status. Charges count work accepted by both ' +
        'sides; the pipeline (work awaiting an answer, each placement once) has its own column; ' +
        'cancelled and rejected work counts nothing.',
    );
  });

  it('defaults to the current month up to today', () => {
    expect(defaultRange(new Date(2026, 10, 25, 14, 30))).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-25',
    });
    expect(defaultRange(new Date(2027, 0, 1, 0, 5))).toEqual({
      startDate: '2027-01-01',
      endDate: '2027-01-01',
    });
  });

  it('names the file start-end-reportType.csv and checks the range', () => {
    expect(
      reportFileName({ startDate: '2026-11-01', endDate: '2026-11-25', reportType: 'bookings' }),
    ).toBe('2026-11-01-2026-11-25-bookings.csv');
    expect(rangeProblem('2026-11-02', '2026-11-01')).toBe(
      'The start date must be on or before the end date.',
    );
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBeNull();
    expect(rangeProblem('', '2026-11-01')).not.toBeNull();
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
