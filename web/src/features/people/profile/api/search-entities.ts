import { api, unwrap } from '@/api/client';

export interface EntityOption {
  value: string;
  label: string;
}

/** Entities whose name contains the term (optionally of one type), for the entity pickers. */
export async function searchEntities(
  term: string,
  type?: 'base' | 'agency' | 'client' | 'supplier',
): Promise<EntityOption[]> {
  const page = await unwrap(
    api.GET('/entity', {
      params: { query: { page: 1, pageSize: 20, sort: 'name', name: term || undefined, type } },
    }),
  );
  return (page.items ?? []).map((e) => ({ value: String(e.id), label: e.name }));
}

/** One entity as a picker option, by id. */
export async function getEntityOption(id: number): Promise<EntityOption> {
  const e = await unwrap(api.GET('/entity/{id}', { params: { path: { id } } }));
  return { value: String(e.id), label: e.name };
}
