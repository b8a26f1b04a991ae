import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrfToken, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { accountKeys } from '@/lib/query-keys';

export type Session = components['schemas']['SessionView'];

/** The sessions of the signed-in user (userId undefined) or, for administrators, of a user. */
const sessionsKey = (userId: number | undefined): readonly unknown[] => [
  ...accountKeys.all,
  'sessions',
  userId ?? 'mine',
];

export const sessionsQueryOptions = (userId: number | undefined) =>
  queryOptions({
    queryKey: sessionsKey(userId),
    queryFn: () =>
      userId === undefined
        ? unwrap(api.GET('/account/sessions'))
        : unwrap(api.GET('/account/{id}/sessions', { params: { path: { id: userId } } })),
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
      userId === undefined
        ? unwrap(
            api.DELETE('/account/sessions/{sessionId}', {
              params: { path: { sessionId: session.id } },
            }),
          )
        : unwrap(
            api.DELETE('/account/{id}/sessions/{sessionId}', {
              params: { path: { id: userId, sessionId: session.id } },
            }),
          ),
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
