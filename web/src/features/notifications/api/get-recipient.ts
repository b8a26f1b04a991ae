import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys } from '@/lib/query-keys';

/**
 * The user whose notifications an administrator reads, for the page's title: the profile read
 * (GET /account/{id}) under the profile's own key, so the two share one cached copy.
 */
export const recipientQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: accountKeys.detail(userId),
    queryFn: () => unwrap(api.GET('/account/{id}', { params: { path: { id: userId } } })),
    meta: { silentErrors: true },
  });
