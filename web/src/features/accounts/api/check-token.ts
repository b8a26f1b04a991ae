import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { isApiError } from '@/api/errors';

/** What a token link is for: the reset-password or the activation screen. */
export type TokenPurpose = 'reset' | 'activation';

/** The catalogue code of a wrong, used or expired link (its message says which to do). */
export const DEAD_LINK_CODE = 'A-105';

/** True when the server refused a link because it is wrong, used or expired. */
export const isDeadLink = (err: unknown) => isApiError(err) && err.errorCode === DEAD_LINK_CODE;

export const checkToken = (token: string, purpose: TokenPurpose) =>
  unwrap(api.POST('/account/check-token', { body: { token, purpose } }));

/**
 * Whether a link's token is still live and whether its screen asks for a password; nothing is
 * used up. Its answer does not change while the screen is open, so it is asked once.
 */
export const checkTokenQueryOptions = (token: string, purpose: TokenPurpose) =>
  queryOptions({
    queryKey: ['account-token', purpose, token] as const,
    queryFn: () => checkToken(token, purpose),
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
    meta: { silentErrors: true },
  });

export const useCheckToken = (token: string, purpose: TokenPurpose) =>
  useQuery(checkTokenQueryOptions(token, purpose));
