import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';

/** Statuses that are never retried; anything else is retried up to MAX_RETRIES times. */
export const NO_RETRY_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404, 409, 422, 500]);
export const MAX_RETRIES = 5;

/** TanStack Query's `retry` option: failureCount is the number of failures so far. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && NO_RETRY_STATUSES.has(error.status)) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * Query options for a read whose failure its screen shows in place (an alert with Retry): retried
 * like any query, and no toast. One home for the rule the screens' own load errors rely on.
 */
export const failureShownInPlace = { retry: shouldRetry, meta: { silentErrors: true } } as const;

/**
 * A read of one record (or one list) whose screen shows its own not-found and error states:
 * its key and fetch with `failureShownInPlace`.
 */
export const queryShownInPlace = <T, K extends QueryKey>(queryKey: K, queryFn: () => Promise<T>) =>
  queryOptions({ queryKey, queryFn, ...failureShownInPlace });
