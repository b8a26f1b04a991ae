import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { jobTemplateKeys } from '@/lib/query-keys';

/** The contractor rates of one placement template. */
export const rateCardsQuery = (placementTemplateId: number) =>
  queryOptions({
    queryKey: jobTemplateKeys.rateCards(placementTemplateId),
    queryFn: () =>
      unwrap(
        api.GET('/rate-card/by-placement-template-id/{id}', {
          params: { path: { id: placementTemplateId } },
        }),
      ),
  });
