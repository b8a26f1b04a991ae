import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type CalendarFeed = components['schemas']['CalendarFeed'];

/**
 * The freelancer's calendar feed. GET /agenda/feed creates the feed on its first call and only
 * that answer (or a rotation's) carries the address: the server keeps a hash of the token. So the
 * panel calls it only when the freelancer asks for the link, and treats it (like a rotation and a
 * revocation) as an action, not a cached read.
 */
export const getCalendarFeed = () => unwrap(api.GET('/agenda/feed'));

export const useGetCalendarFeed = () =>
  useMutation({ mutationFn: getCalendarFeed, meta: { silentErrors: true } });
