import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { searchKeys } from '@/lib/query-keys';
import type { SearchBody } from '../rules';

/** One card of the results panel (spec part 1 §3 Search result). */
export type SearchResult = components['schemas']['Result'];
export type SearchSource = SearchResult['hiveSource'];

/**
 * POST /search with {data}. Errors are shown in the panel (a refusal in the server's words), so
 * no toast. Results mirror other features' records, so they are never taken as fresh; the last
 * answer stays on screen while the next one loads.
 */
export const searchQueryOptions = (body: SearchBody, enabled: boolean) =>
  queryOptions({
    queryKey: searchKeys.results(body),
    queryFn: async ({ signal }) =>
      (await unwrap(api.POST('/search', { body: { data: body }, signal }))).data ?? [],
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { silentErrors: true },
  });
