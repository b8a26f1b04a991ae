import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys } from '@/lib/query-keys';

/** Every job title tag, for the profile's job titles select. */
export const jobTitleTagsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.jobTitleTags(),
    queryFn: () => unwrap(api.GET('/account/job-title-tags')),
    staleTime: 60_000,
  });
