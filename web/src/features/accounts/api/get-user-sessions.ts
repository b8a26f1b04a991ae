import { api, unwrap } from '@/api/client';

/** A user's sessions, for administrators. */
export const getUserSessions = (userId: number) =>
  unwrap(api.GET('/account/{id}/sessions', { params: { path: { id: userId } } }));
