import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import type { components } from '@/api/schema';
import { entityKeys } from './get-entities';

export type CreateEntityBody = components['schemas']['CreateEntityBody'];

export const createEntity = (body: CreateEntityBody) => unwrap(api.POST('/entity', { body }));

/** Creates an entity; the form shows its own errors. */
export const useCreateEntity = () =>
  useFormMutation(createEntity, {
    store: (entity) => entityKeys.detail(entity.id),
    refresh: [entityKeys.lists()],
  });
