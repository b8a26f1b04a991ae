import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { entityKeys } from './get-entities';

export type CreateEntityBody = components['schemas']['CreateEntityBody'];

export const createEntity = (body: CreateEntityBody) => unwrap(api.POST('/entity', { body }));

/** Creates an entity; the form shows its own errors. */
export function useCreateEntity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createEntity,
    meta: { silentErrors: true },
    onSuccess: (entity) => {
      qc.setQueryData(entityKeys.detail(entity.id), entity);
      return qc.invalidateQueries({ queryKey: entityKeys.lists() });
    },
  });
}
