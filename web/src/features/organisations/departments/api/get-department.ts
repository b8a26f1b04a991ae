import { api, unwrap } from '@/api/client';
import { queryShownInPlace } from '@/lib/errors/retry';
import { departmentKeys } from '@/lib/query-keys';

/** One department. A 404 (missing, or not visible to the caller) is shown by the page itself. */
export const departmentQueryOptions = (id: number) =>
  queryShownInPlace(departmentKeys.detail(id), () =>
    unwrap(api.GET('/department/{id}', { params: { path: { id } } })),
  );
