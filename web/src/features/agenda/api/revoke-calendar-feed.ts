import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** Turns the calendar feed off. */
export const revokeCalendarFeed = () => unwrap(api.DELETE('/agenda/feed'));

export const useRevokeCalendarFeed = () =>
  useMutation({ mutationFn: revokeCalendarFeed, meta: { silentErrors: true } });
