import { api, unwrap } from '@/api/client';
import type { GridQuery } from '@/ui/data-grid';
import { jobTemplateKeys } from '@/lib/query-keys';

/** A list answer as the grid wants it (Go may send a null list for an empty page). */
function asPage<Row>(page: { items?: Row[] | null; total: number }) {
  return { items: page.items ?? [], total: page.total };
}

/** One page of job templates; every job template query key starts with jobTemplateKeys.all. */
export const jobTemplatesQuery = (q: GridQuery & { departmentId?: number }) => ({
  queryKey: jobTemplateKeys.list(q),
  queryFn: async () =>
    asPage(
      await unwrap(
        api.GET('/job-template', {
          params: {
            query: {
              page: q.page,
              pageSize: q.pageSize,
              departmentId: q.departmentId,
              search: q.filters.title,
            },
          },
        }),
      ),
    ),
});
