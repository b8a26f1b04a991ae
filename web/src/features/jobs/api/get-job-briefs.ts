import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { jobTemplateKeys } from '@/lib/query-keys';

/** The job templates the caller may book from. */
export const jobBriefsQuery = () =>
  queryOptions({
    queryKey: jobTemplateKeys.briefs(),
    queryFn: () => unwrap(api.GET('/job/brief')),
    ...failureShownInPlace,
  });
