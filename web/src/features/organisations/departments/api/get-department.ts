import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { shouldRetry } from '@/lib/errors/retry';

export const getDepartment = (id: number) =>
  unwrap(api.GET('/department/{id}', { params: { path: { id } } }));

/** One department. A 404 (missing, or not visible to the caller) is shown by the page itself. */
export const departmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['department', 'detail', id] as const,
    queryFn: () => getDepartment(id),
    retry: shouldRetry,
    meta: { silentErrors: true },
  });
