import { api, unwrap } from '@/api/client';

/** Ends one of a user's sessions, for administrators. */
export const endUserSession = (userId: number, sessionId: number) =>
  unwrap(
    api.DELETE('/account/{id}/sessions/{sessionId}', {
      params: { path: { id: userId, sessionId } },
    }),
  );
