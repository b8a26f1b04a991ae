import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { legalEntityKeys } from './get-legal-entities';

/** The legal entities linked to an entity. */
export const getEntityLegalEntities = async (entityId: number) => {
  const page = await unwrap(
    api.GET('/legal-entity', { params: { query: { entityId, page: 1, pageSize: 100 } } }),
  );
  return page.items ?? [];
};

export const entityLegalEntitiesQueryOptions = (entityId: number) =>
  queryOptions({
    queryKey: legalEntityKeys.byEntity(entityId),
    queryFn: () => getEntityLegalEntities(entityId),
  });
