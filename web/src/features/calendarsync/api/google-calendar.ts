import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useFormMutation } from '@/lib/form-mutation';
import { calendarSyncKeys } from './get-calendar-connections';

export type GoogleConnectionInput = components['schemas']['GoogleConnectionInput'];

/** Where "Connect Google Calendar" sends the browser: Hive starts the grant and goes to Google. */
export const GOOGLE_START = '/api/v1/calendar-connection/google/start';

/** The calendars of the Google account just granted (POST /calendar-connection/google/discover). */
export const discoverGoogleCalendars = () =>
  unwrap(api.POST('/calendar-connection/google/discover', {}));

export const useDiscoverGoogleCalendars = () =>
  useMutation({ mutationFn: discoverGoogleCalendars, meta: { silentErrors: true } });

/** Connects the granted Google Calendar (POST /calendar-connection/google). */
export const createGoogleConnection = (body: GoogleConnectionInput) =>
  unwrap(api.POST('/calendar-connection/google', { body }));

export const useCreateGoogleConnection = () =>
  useFormMutation(createGoogleConnection, { refresh: [calendarSyncKeys.all] });
