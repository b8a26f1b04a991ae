import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { bookingKeys } from '@/lib/query-keys';

/** Who may substitute for an instruction of a placement (instructionId), or join it. */
export const availableSubstitutesQuery = (placementId: number, instructionId?: number) => ({
  queryKey: bookingKeys.availableSubstitutes(placementId, instructionId ?? null),
  queryFn: () =>
    unwrap(
      api.GET('/placement/{id}/available-substitutes', {
        params: { path: { id: placementId }, query: { instructionId } },
      }),
    ),
  ...failureShownInPlace,
});

export type AvailableSubstitute = NonNullable<
  Awaited<ReturnType<ReturnType<typeof availableSubstitutesQuery>['queryFn']>>['items']
>[number];
