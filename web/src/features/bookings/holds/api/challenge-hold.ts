import { api, unwrap } from '@/api/client';

/** Challenges the holds above the hold of instruction id (its freelancer's, in its booking). */
export const challengeHold = (id: number) =>
  unwrap(api.POST('/instruction/{id}/hold/challenge', { params: { path: { id } } }));
