import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { jobTemplateKeys } from '@/lib/query-keys';

/** One job template with its placement templates (the editor, and the booking forms). */
export const jobTemplateQuery = (id: number) =>
  queryOptions({
    queryKey: jobTemplateKeys.detail(id),
    queryFn: () => unwrap(api.GET('/job-template/{id}', { params: { path: { id } } })),
    ...failureShownInPlace,
  });
