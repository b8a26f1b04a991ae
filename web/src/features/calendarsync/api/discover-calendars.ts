import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type AccountInput = components['schemas']['CalDAVAccountInput'];
export type CalendarInfo = components['schemas']['CalendarInfo'];

/** The calendars of a CalDAV account (POST /calendar-connection/discover). */
export const discoverCalendars = (body: AccountInput) =>
  unwrap(api.POST('/calendar-connection/discover', { body }));

export const useDiscoverCalendars = () =>
  useMutation({ mutationFn: discoverCalendars, meta: { silentErrors: true } });
