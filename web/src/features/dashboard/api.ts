import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { failureShownInPlace } from '@/lib/errors/retry';
import { bookingKeys } from '@/lib/query-keys';
import type { DateRange } from './rules';

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

/**
 * The dashboard's keys sit under the bookings' own: the figures are read from bookings, so a
 * booking change (which invalidates bookingKeys.all) refreshes them too.
 */
export const dashboardKeys = {
  all: [...bookingKeys.all, 'dashboard'] as const,
  stats: (range: DateRange) => [...dashboardKeys.all, 'stats', range.start, range.end] as const,
  embed: () => [...dashboardKeys.all, 'embed'] as const,
};

/** GET /dashboard/stats over a range; the page shows its own loading, empty and error states. */
export const dashboardStatsQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: dashboardKeys.stats(range),
    queryFn: () =>
      unwrap(
        api.GET('/dashboard/stats', {
          params: { query: { startDate: range.start, endDate: range.end } },
        }),
      ).then(statsOf),
    ...failureShownInPlace,
  });

/**
 * The embedded analytics dashboard's signed address (administrators; null when none is
 * configured). The address expires after 10 minutes, so it is fetched again on each visit.
 */
export const dashboardEmbedQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.embed(),
    queryFn: () => unwrap(api.GET('/dashboard/embed')),
    staleTime: 0,
    gcTime: 0,
    ...failureShownInPlace,
  });
