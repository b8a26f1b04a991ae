import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { invitationKeys } from '@/lib/query-keys';

export const getPendingInvitations = (userId: number) =>
  unwrap(
    api.GET('/invitation/by-user/{id}', {
      params: { path: { id: userId }, query: { status: 'pending', pageSize: 100 } },
    }),
  );

/** The signed-in user's pending invitations (home cards); keys start with ['invitation']. */
export const myInvitationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: invitationKeys.pendingOfUser(userId),
    queryFn: () => getPendingInvitations(userId),
  });
