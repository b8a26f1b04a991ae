import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import type { DepartmentFormOutput } from '../components/department-form';
import { departmentKeys } from '@/lib/query-keys';

export type CreateDepartmentInput = DepartmentFormOutput & { clientId: number };

export const createDepartment = (body: CreateDepartmentInput) =>
  unwrap(api.POST('/department', { body }));

/** Creates a department; the form shows errors itself. Refreshes every department list. */
export const useCreateDepartment = () =>
  useFormMutation(createDepartment, { refresh: [departmentKeys.all] });
