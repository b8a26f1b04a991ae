import { api, unwrap } from '@/api/client';
import type { UserLinkInput } from '../kinds';
import { linkMutations } from './link-mutations';

export type UserEntityLinkInput = UserLinkInput<
  'entityId',
  'canExternal' | 'canManage' | 'canSelect'
>;

export const createUserEntityRef = (body: UserEntityLinkInput) =>
  unwrap(api.POST('/associations/user-entity-refs', { body }));

export interface UpdateUserEntityRefInput {
  id: number;
  version: number;
  canExternal: boolean;
  canManage: boolean;
  canSelect: boolean;
}

export const updateUserEntityRef = ({ id, ...body }: UpdateUserEntityRefInput) =>
  unwrap(
    api.PATCH('/associations/user-entity-refs/{id}', {
      params: { path: { id } },
      body: { id, ...body },
    }),
  );

export const deleteUserEntityRef = (id: number) =>
  unwrap(api.DELETE('/associations/user-entity-refs/{id}', { params: { path: { id } } }));

/** Connect, save rights, disconnect. */
export const {
  useCreate: useCreateUserEntityRef,
  useUpdate: useUpdateUserEntityRef,
  useDelete: useDeleteUserEntityRef,
} = linkMutations(
  { create: createUserEntityRef, update: updateUserEntityRef, remove: deleteUserEntityRef },
  [['user-entity-ref']],
);
