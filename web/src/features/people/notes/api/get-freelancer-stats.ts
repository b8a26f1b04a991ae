import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { peopleKeys } from '@/lib/query-keys';

export const getFreelancerStats = (userId: number) =>
  unwrap(api.GET('/account/{id}/stats', { params: { path: { id: userId } } }));

/** Freelancer Stats (completed jobs and jobs as preferred supplier, last 30 days). */
export const freelancerStatsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: peopleKeys.stats(userId),
    queryFn: () => getFreelancerStats(userId),
  });
