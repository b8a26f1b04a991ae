import { api, unwrap } from '@/api/client';

/** Ends one of the signed-in user's own sessions. */
export const endMySession = (sessionId: number) =>
  unwrap(api.DELETE('/account/sessions/{sessionId}', { params: { path: { sessionId } } }));
