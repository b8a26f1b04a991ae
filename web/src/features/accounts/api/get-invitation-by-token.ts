import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { invitationKeys } from '@/lib/query-keys';

export const getInvitationByToken = (token: string) =>
  unwrap(api.GET('/invitation/token/{token}', { params: { path: { token } } }));

/** The invitation a sign-up link stands for; a bad or used token is handled by the screen. */
export const invitationByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.byToken(token),
    queryFn: () => getInvitationByToken(token),
    retry: false,
    staleTime: Infinity,
    meta: { silentErrors: true },
  });
