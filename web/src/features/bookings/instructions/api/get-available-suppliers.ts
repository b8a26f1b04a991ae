import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { bookingKeys } from '@/lib/query-keys';

/** The suppliers a manager may invite to some placements of one placement template (Invite). */
export const availableSuppliersQuery = (
  bookingId: number,
  placementTemplateId: number,
  placementIds: number[],
) => ({
  queryKey: bookingKeys.availableSuppliers(bookingId, placementTemplateId, placementIds),
  queryFn: () =>
    unwrap(
      api.GET('/booking/{id}/placement-template/{placementTemplateId}/available-suppliers', {
        params: { path: { id: bookingId, placementTemplateId }, query: { placementIds } },
      }),
    ),
  ...failureShownInPlace,
});

export function useAvailableSuppliers(
  bookingId: number,
  placementTemplateId: number,
  placementIds: number[],
  enabled: boolean,
) {
  return useQuery({
    ...availableSuppliersQuery(bookingId, placementTemplateId, placementIds),
    enabled,
  });
}

export type AvailableSupplier = NonNullable<
  NonNullable<ReturnType<typeof useAvailableSuppliers>['data']>['items']
>[number];
