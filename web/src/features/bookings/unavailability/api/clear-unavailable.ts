import { api, unwrap } from '@/api/client';

/** Makes some of the caller's dates available again; the answer is the dates left unavailable. */
export const clearUnavailable = (dates: string[]) =>
  unwrap(api.DELETE('/unavailability', { body: { dates } }));
