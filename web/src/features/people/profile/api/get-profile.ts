import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { queryShownInPlace } from '@/lib/errors/retry';
import { accountKeys } from '@/lib/query-keys';

export type Profile = components['schemas']['ProfileView'];

/** The full profile of one user; the page shows its own not-found and error states. */
export const profileQueryOptions = (id: number) =>
  queryShownInPlace(accountKeys.detail(id), () =>
    unwrap(api.GET('/account/{id}', { params: { path: { id } } })),
  );
