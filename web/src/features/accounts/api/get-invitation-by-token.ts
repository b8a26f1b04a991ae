import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryShownInPlace } from '@/lib/errors/retry';
import { invitationKeys } from '@/lib/query-keys';

/**
 * The invitation a sign-up link stands for; a bad or used token is handled by the screen, at
 * once (no retry), and the invitation is read once.
 */
export const invitationByTokenQueryOptions = (token: string) =>
  queryOptions({
    ...queryShownInPlace(invitationKeys.byToken(token), () =>
      unwrap(api.GET('/invitation/token/{token}', { params: { path: { token } } })),
    ),
    retry: false,
    staleTime: Infinity,
  });
