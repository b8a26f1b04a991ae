import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { UserEntityLinkInput } from '../components/connect-user-entity-form';

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

function useRefresh() {
  const queryClient = useQueryClient();
  // Links change what users may see: refresh the link lists and the signed-in user's needs.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['user-entity-ref'] }),
      queryClient.invalidateQueries({ queryKey: ['account', 'whoami'] }),
    ]);
}

/** Connects a user to an entity; the form shows errors (409 duplicate as a toast). */
export function useCreateUserEntityRef() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: createUserEntityRef,
    meta: { silentErrors: true },
    onSuccess: refresh,
  });
}

/** Saves a link's rights; the dialog shows errors. */
export function useUpdateUserEntityRef() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: updateUserEntityRef,
    meta: { silentErrors: true },
    onSuccess: refresh,
  });
}

/** Disconnects a user from an entity; failures get the catalogue's toast. */
export function useDeleteUserEntityRef() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteUserEntityRef, onSuccess: refresh });
}
