import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import type { components } from '@/api/schema';
import { entityKeys } from './get-entities';

export type UpdateEntityBody = components['schemas']['UpdateEntityBody'];

export const updateEntity = (id: number, body: UpdateEntityBody) =>
  unwrap(api.PATCH('/entity/{id}', { params: { path: { id } }, body }));

/** Saves an entity (with its version); the caller shows errors. */
export const useUpdateEntity = (id: number) =>
  useFormMutation((body: UpdateEntityBody) => updateEntity(id, body), {
    store: () => entityKeys.detail(id),
    refresh: [entityKeys.lists()],
  });
