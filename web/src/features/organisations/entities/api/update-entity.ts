import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { entityKeys } from './get-entities';

export type UpdateEntityBody = components['schemas']['UpdateEntityBody'];

export const updateEntity = (id: number, body: UpdateEntityBody) =>
  unwrap(api.PATCH('/entity/{id}', { params: { path: { id } }, body }));

/** Saves an entity (with its version); the caller shows errors. */
export function useUpdateEntity(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEntityBody) => updateEntity(id, body),
    meta: { silentErrors: true },
    onSuccess: (entity) => {
      qc.setQueryData(entityKeys.detail(id), entity);
      return qc.invalidateQueries({ queryKey: entityKeys.lists() });
    },
  });
}
