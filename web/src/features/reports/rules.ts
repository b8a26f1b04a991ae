import type { components } from '@/api/schema';
import { formatIsoDay } from '@/lib/format';
import { isAdmin, isClientOrAgencyManager, type PermissionSubject } from '@/lib/permissions';
import { MONEY_RULE } from '@/lib/status/money';

export type ReportRequest = components['schemas']['ReportInputBody'];
export type ReportType = ReportRequest['reportType'];

/** One export card: the report's type, its title and what it holds. */
export interface ReportKind {
  type: ReportType;
  title: string;
  description: string;
  /** Who may run it: the server's reports.MayRun, read from the needs whoami sends. */
  allowed: (user: PermissionSubject | null | undefined) => boolean;
}

/**
 * The report types of spec part 2 §2, in the order of their cards: Financial Metrics for client
 * and agency managers (and administrators), the others for administrators only. Their columns
 * are written down in docs/reports.md.
 */
export const REPORTS: readonly ReportKind[] = [
  {
    type: 'financialMetrics',
    title: 'Financial Metrics',
    description: `Every instruction with its hours, rates and status. Charges count ${MONEY_RULE.confirmed}; the pipeline (${MONEY_RULE.pipeline}) has its own column; ${MONEY_RULE.nothing}.`,
    allowed: isClientOrAgencyManager,
  },
  {
    type: 'bookings',
    title: 'Bookings',
    description: 'Every instruction with its booking, placement, freelancer and statuses.',
    allowed: isAdmin,
  },
  {
    type: 'agency',
    title: 'Agency',
    description: 'Agencies and suppliers with the instructions they supplied.',
    allowed: isAdmin,
  },
  {
    type: 'entities',
    title: 'Entities',
    description: 'Every client, agency, supplier and base entity.',
    allowed: isAdmin,
  },
  {
    type: 'users',
    title: 'Users',
    description: 'Every account with its role and status.',
    allowed: isAdmin,
  },
  {
    type: 'jobTemplates',
    title: 'Job Templates',
    description: 'Every job template with its client and department.',
    allowed: isAdmin,
  },
];

/** The reports this user may run: the cards the page shows (nobody sees one they may not use). */
export function reportsFor(user: PermissionSubject | null | undefined): ReportKind[] {
  return REPORTS.filter((r) => r.allowed(user));
}

/**
 * The report state's default range (spec part 2 §3): from the start of the current period, the
 * calendar month, up to now.
 */
export function defaultRange(now: Date): { startDate: string; endDate: string } {
  return {
    startDate: formatIsoDay(new Date(now.getFullYear(), now.getMonth(), 1)),
    endDate: formatIsoDay(now),
  };
}

/** The download's name, start-end-reportType.csv (spec part 2 §4). */
export function reportFileName(r: Pick<ReportRequest, 'startDate' | 'endDate' | 'reportType'>) {
  return `${r.startDate}-${r.endDate}-${r.reportType}.csv`;
}

/** Why a range cannot be exported, or null. */
export function rangeProblem(startDate: string, endDate: string): string | null {
  if (!startDate || !endDate) return 'Pick a start and an end date.';
  if (startDate > endDate) return 'The start date must be on or before the end date.';
  return null;
}

/** A byte count as the progress line shows it. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
