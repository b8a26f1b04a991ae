import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import type { DepartmentFormOutput } from '../components/department-form';
import { departmentQueryOptions } from './get-department';
import { departmentKeys } from '@/lib/query-keys';

export type UpdateDepartmentInput = DepartmentFormOutput & { id: number; version: number };

export const updateDepartment = ({ id, ...body }: UpdateDepartmentInput) =>
  unwrap(api.PATCH('/department/{id}', { params: { path: { id } }, body: { id, ...body } }));

/** Saves a department; the form shows errors itself. Stores the answer and refreshes lists. */
export const useUpdateDepartment = () =>
  useFormMutation(updateDepartment, {
    store: (department) => departmentQueryOptions(department.id).queryKey,
    refresh: [departmentKeys.lists()],
  });
