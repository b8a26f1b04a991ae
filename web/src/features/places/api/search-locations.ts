import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

/** One suggestion of GET /locations (Google's place-search wire names plus the stored form). */
export type LocationSuggestion = components['schemas']['Suggestion'];

/** Place suggestions for a query: most populous first, at most 10; under 3 letters, none. */
export async function searchLocations(query: string): Promise<LocationSuggestion[]> {
  const body = await unwrap(api.GET('/locations', { params: { query: { query } } }));
  return body.results ?? [];
}

/** Query keys of the location search; this feature alone reads them. */
export const locationKeys = {
  all: ['locations'] as const,
  search: (query: string) => [...locationKeys.all, 'search', query.trim().toLowerCase()] as const,
};

/**
 * The location search for a term. A failure is only logged (spec part 1 §8): no toast, no retry,
 * and the list shows nothing found. Answers are kept a few minutes: the gazetteer does not change.
 */
export const locationSearchQuery = (query: string) =>
  queryOptions({
    queryKey: locationKeys.search(query),
    queryFn: async () => {
      try {
        return await searchLocations(query.trim());
      } catch (err) {
        console.error('Location search failed', err);
        throw err;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silentErrors: true },
  });
