import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { bookingKeys } from '@/lib/query-keys';

export const bookmarkKey = bookingKeys.bookmarks();

/** The caller's saved filter sets. */
export const bookmarksQueryOptions = () =>
  queryOptions({
    queryKey: bookmarkKey,
    queryFn: async () => (await unwrap(api.GET('/booking/bookmark'))).items ?? [],
    ...failureShownInPlace,
  });
