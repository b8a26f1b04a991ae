import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys } from '@/lib/query-keys';

/** Every skill tag, for the profile's skills select. */
export const skillTagsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.skillTags(),
    queryFn: () => unwrap(api.GET('/account/skill-tags')),
    staleTime: 60_000,
  });
