import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { departmentKeys } from '@/lib/query-keys';

export const getDepartment = (id: number) =>
  unwrap(api.GET('/department/{id}', { params: { path: { id } } }));

/** One department. A 404 (missing, or not visible to the caller) is shown by the page itself. */
export const departmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: departmentKeys.detail(id),
    queryFn: () => getDepartment(id),
    ...failureShownInPlace,
  });
