import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { DepartmentFormOutput } from '../components/department-form';
import { departmentKeys } from '@/lib/query-keys';

export type CreateDepartmentInput = DepartmentFormOutput & { clientId: number };

export const createDepartment = (body: CreateDepartmentInput) =>
  unwrap(api.POST('/department', { body }));

/** Creates a department; the form shows errors itself. Refreshes every department list. */
export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}
