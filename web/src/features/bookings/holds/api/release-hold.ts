import { api, unwrap } from '@/api/client';

/** Releases the whole hold, in its booking, of the freelancer of instruction id. */
export const releaseHold = (id: number) =>
  unwrap(api.POST('/instruction/{id}/hold/release', { params: { path: { id } }, body: {} }));
