import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const getWhoami = () => unwrap(api.GET('/account/whoami'));

/** The signed-in user. A visitor gets 401, which the guards handle, so no toast. */
export const whoamiQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'whoami'] as const,
    queryFn: getWhoami,
    staleTime: 60_000,
    meta: { silentErrors: true },
  });
