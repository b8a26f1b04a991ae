import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { failureShownInPlace } from '@/lib/errors/retry';
import { unavailabilityKeys } from '@/lib/query-keys';

export type Unavailability = components['schemas']['Unavailability'];

/** One user's unavailable dates (GET /unavailability/{id}, the id is the user's). */
export const unavailabilityQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: unavailabilityKeys.ofUser(userId),
    queryFn: () => unwrap(api.GET('/unavailability/{id}', { params: { path: { id: userId } } })),
    ...failureShownInPlace,
  });
