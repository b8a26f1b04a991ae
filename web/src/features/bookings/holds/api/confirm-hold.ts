import { api, unwrap } from '@/api/client';

/** Confirms the whole hold, in its booking, of the freelancer of instruction id. */
export const confirmHold = (id: number) =>
  unwrap(api.POST('/instruction/{id}/hold/confirm', { params: { path: { id } } }));
