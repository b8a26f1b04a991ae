import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { UserDepartmentLinkInput } from '../components/connect-user-department-form';

export const createUserDepartmentRef = (body: UserDepartmentLinkInput) =>
  unwrap(api.POST('/associations/user-department-refs', { body }));

export interface UpdateUserDepartmentRefInput {
  id: number;
  version: number;
  canHire: boolean;
  canManage: boolean;
  canSelect: boolean;
}

export const updateUserDepartmentRef = ({ id, ...body }: UpdateUserDepartmentRefInput) =>
  unwrap(
    api.PATCH('/associations/user-department-refs/{id}', {
      params: { path: { id } },
      body: { id, ...body },
    }),
  );

export const deleteUserDepartmentRef = (id: number) =>
  unwrap(api.DELETE('/associations/user-department-refs/{id}', { params: { path: { id } } }));

function useRefresh() {
  const queryClient = useQueryClient();
  // Links change what users may see: refresh the link lists, departments and the user's needs.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['user-department-ref'] }),
      queryClient.invalidateQueries({ queryKey: ['department', 'list'] }),
      queryClient.invalidateQueries({ queryKey: ['account', 'whoami'] }),
    ]);
}

/** Connects a user to a department; the form shows errors (409 duplicate as a toast). */
export function useCreateUserDepartmentRef() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: createUserDepartmentRef,
    meta: { silentErrors: true },
    onSuccess: refresh,
  });
}

/** Saves a link's rights; the dialog shows errors. */
export function useUpdateUserDepartmentRef() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: updateUserDepartmentRef,
    meta: { silentErrors: true },
    onSuccess: refresh,
  });
}

/** Disconnects a user from a department; failures get the catalogue's toast. */
export function useDeleteUserDepartmentRef() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteUserDepartmentRef, onSuccess: refresh });
}
