import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** Gives the calendar feed a new address; the old one stops working. */
export const rotateCalendarFeed = () => unwrap(api.POST('/agenda/feed/rotate'));

export const useRotateCalendarFeed = () =>
  useMutation({ mutationFn: rotateCalendarFeed, meta: { silentErrors: true } });
