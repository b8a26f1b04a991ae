import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { jobTemplateKeys } from '@/lib/query-keys';

/** The job templates of one department (its page). */
export const departmentJobTemplatesQuery = (departmentId: number) =>
  queryOptions({
    queryKey: jobTemplateKeys.ofDepartment(departmentId),
    queryFn: () =>
      unwrap(api.GET('/department/{id}/job-templates', { params: { path: { id: departmentId } } })),
  });
