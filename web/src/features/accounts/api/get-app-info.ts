import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const getAppInfo = () => unwrap(api.GET('/app-info'));

/** Public facts about this installation: environment badge, sign-in providers, product name. */
export const appInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['app-info'] as const,
    queryFn: getAppInfo,
    staleTime: Infinity,
    meta: { silentErrors: true },
  });
