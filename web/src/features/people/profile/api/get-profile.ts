import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { accountKeys } from '@/lib/query-keys';

export type Profile = components['schemas']['ProfileView'];

export const getProfile = (id: number) =>
  unwrap(api.GET('/account/{id}', { params: { path: { id } } }));

/** The full profile of one user; silent, as the page shows its own not-found and error states. */
export const profileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: accountKeys.detail(id),
    queryFn: () => getProfile(id),
    meta: { silentErrors: true },
  });
