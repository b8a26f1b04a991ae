import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { resetCsrfToken } from '@/api/client';
import type { components } from '@/api/schema';
import { accountKeys } from '@/lib/query-keys';
import { endMySession } from './end-my-session';
import { endUserSession } from './end-user-session';
import { getMySessions } from './get-my-sessions';
import { getUserSessions } from './get-user-sessions';

/**
 * The sessions of the signed-in user (userId undefined) or, for administrators, of a user: this
 * file picks the endpoint (each has its own file) and holds the query key both share.
 */

export type Session = components['schemas']['SessionView'];

const sessionsKey = (userId: number | undefined): readonly unknown[] => [
  ...accountKeys.all,
  'sessions',
  userId ?? 'mine',
];

export const sessionsQueryOptions = (userId: number | undefined) =>
  queryOptions({
    queryKey: sessionsKey(userId),
    queryFn: () => (userId === undefined ? getMySessions() : getUserSessions(userId)),
  });

/**
 * Ends a session: one's own (userId undefined) or, for administrators, a user's. Ending the
 * session making the request signs out: the cached data goes and onSignedOut runs.
 */
export function useEndSession(
  userId: number | undefined,
  options: { onSignedOut?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Session) =>
      userId === undefined ? endMySession(session.id) : endUserSession(userId, session.id),
    onSuccess: (_, session) => {
      if (session.current) {
        resetCsrfToken();
        options.onSignedOut?.();
        queryClient.clear();
        return;
      }
      void queryClient.invalidateQueries({ queryKey: sessionsKey(userId) });
    },
  });
}
