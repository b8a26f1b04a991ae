import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { peopleKeys } from '@/lib/query-keys';

export const getNoteEntities = async (freelancerId: number) =>
  (await unwrap(
    api.GET('/account/internal-note/entities/{id}', { params: { path: { id: freelancerId } } }),
  )) ?? [];

/** The entities the caller can write notes for (the note form's picker). */
export const noteEntitiesQueryOptions = (freelancerId: number) =>
  queryOptions({
    queryKey: peopleKeys.noteEntities(freelancerId),
    queryFn: () => getNoteEntities(freelancerId),
  });
