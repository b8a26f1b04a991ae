import { api, unwrap } from '@/api/client';

/** Marks some of the caller's dates unavailable; the answer is all of them. */
export const markUnavailable = (dates: string[]) =>
  unwrap(api.POST('/unavailability', { body: { dates } }));
