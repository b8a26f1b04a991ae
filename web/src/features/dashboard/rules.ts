import dayjs from 'dayjs';
import type { CurrentUser } from '@/api/types';
import { formatAmount, formatMediumDate } from '@/lib/format';
import { isAdmin, isFreelancer } from '@/lib/permissions';
import { colourLabel, type StatusColour } from '@/lib/status/status';
import type { components } from '@/api/schema';

type Wire = components['schemas']['DashboardStats'];
type WireWeek = components['schemas']['DashboardWeek'];
export type DashboardMoney = components['schemas']['DashboardMoney'];
export type DashboardJob = components['schemas']['DashboardJob'];
export type DashboardFreelancer = components['schemas']['DashboardFreelancer'];
export type DashboardColourCount = components['schemas']['DashboardColourCount'];

/** A week of the stats, its colours always a list. */
export type DashboardWeek = Omit<WireWeek, 'colours'> & { colours: DashboardColourCount[] };

/** The stats as the page reads them: every list a list (the wire may send null for none). */
export type DashboardStats = Omit<Wire, 'weeks' | 'money' | 'jobs' | 'freelancers' | 'colours'> & {
  weeks: DashboardWeek[];
  money: DashboardMoney[];
  jobs: DashboardJob[];
  freelancers: DashboardFreelancer[];
  colours: string[];
};

/** The wire's stats with every list made a list. */
export const statsOf = (w: Wire): DashboardStats => ({
  ...w,
  colours: w.colours ?? [],
  weeks: (w.weeks ?? []).map((week) => ({ ...week, colours: week.colours ?? [] })),
  money: w.money ?? [],
  jobs: w.jobs ?? [],
  freelancers: w.freelancers ?? [],
});

/** An inclusive range of local dates, YYYY-MM-DD. */
export interface DateRange {
  start: string;
  end: string;
}

/**
 * The range the page opens on: from the first day of last month to the last day of next month,
 * so recent work and the coming month's offers are both in view.
 */
export function defaultRange(today: Date = new Date()): DateRange {
  const d = dayjs(today);
  return {
    start: d.subtract(1, 'month').startOf('month').format('YYYY-MM-DD'),
    end: d.add(1, 'month').endOf('month').format('YYYY-MM-DD'),
  };
}

/**
 * Who may open the dashboard, as the server decides it (internal/dashboard ScopeOf): an
 * administrator, or anyone who is not a freelancer and manages a department (managing a client
 * or agency manages its departments). The server refuses everyone else.
 */
export function canSeeDashboard(user: CurrentUser | null | undefined): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  return !isFreelancer(user) && (user.needs ?? []).some((n) => n.startsWith('manage_department:'));
}

/** '1,250.50 GBP': minor units in their currency. */
export const formatMinor = (minor: number, currency: string) =>
  `${formatAmount(minor / 100)} ${currency}`;

/** '2 h 30 min', '45 min', '20 s', '3 d 4 h': a duration for people. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** '80%': a rate from 0 to 1. */
export const formatPercent = (rate: number) => `${Math.round(rate * 100)}%`;

/** A week's label: '1 Mar 2027'. */
export const weekLabel = (weekStart: string) => formatMediumDate(`${weekStart}T00:00:00`);

/** One bar of the weekly chart: the week and its placements per colour label. */
export type WeekRow = { week: string } & Record<string, number | string>;

/** The weekly chart's rows, one per week, keyed by each colour's label. */
export function weekRows(stats: DashboardStats): WeekRow[] {
  return stats.weeks.map((w) => {
    const row: WeekRow = { week: weekLabel(w.weekStart) };
    for (const c of w.colours) row[colourLabel[c.colour as StatusColour]] = c.placements;
    return row;
  });
}

/** The money rows grouped by currency, each currency on its own chart (never added up). */
export function moneyByCurrency(money: DashboardMoney[]): [string, DashboardMoney[]][] {
  const by = new Map<string, DashboardMoney[]>();
  for (const m of money) by.set(m.currency, [...(by.get(m.currency) ?? []), m]);
  return [...by.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Whether the range holds no placement at all (the page's empty state). */
export const isEmpty = (stats: DashboardStats) =>
  stats.fill.placements === 0 && stats.money.length === 0 && stats.freelancers.length === 0;
