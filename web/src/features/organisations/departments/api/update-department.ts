import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { DepartmentFormOutput } from '../components/department-form';
import { departmentQueryOptions } from './get-department';
import { departmentKeys } from '@/lib/query-keys';

export type UpdateDepartmentInput = DepartmentFormOutput & { id: number; version: number };

export const updateDepartment = ({ id, ...body }: UpdateDepartmentInput) =>
  unwrap(api.PATCH('/department/{id}', { params: { path: { id } }, body: { id, ...body } }));

/** Saves a department; the form shows errors itself. Stores the answer and refreshes lists. */
export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDepartment,
    meta: { silentErrors: true },
    onSuccess: (department) => {
      queryClient.setQueryData(departmentQueryOptions(department.id).queryKey, department);
      return queryClient.invalidateQueries({ queryKey: departmentKeys.lists() });
    },
  });
}
