import { api, unwrap } from '@/api/client';
import type { UserLinkInput } from '../kinds';
import { linkMutations } from './link-mutations';

export type UserDepartmentLinkInput = UserLinkInput<
  'departmentId',
  'canHire' | 'canManage' | 'canSelect'
>;

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

/** Connect, save rights, disconnect; a department link also refreshes the department lists. */
export const {
  useCreate: useCreateUserDepartmentRef,
  useUpdate: useUpdateUserDepartmentRef,
  useDelete: useDeleteUserDepartmentRef,
} = linkMutations(
  {
    create: createUserDepartmentRef,
    update: updateUserDepartmentRef,
    remove: deleteUserDepartmentRef,
  },
  [['user-department-ref'], ['department', 'list']],
);
