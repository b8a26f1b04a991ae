import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** Where "Connect Google Calendar" sends the browser: Hive starts the grant and goes to Google. */
export const GOOGLE_START = '/api/v1/calendar-connection/google/start';

/** The calendars of the Google account just granted (POST /calendar-connection/google/discover). */
export const discoverGoogleCalendars = () =>
  unwrap(api.POST('/calendar-connection/google/discover', {}));

export const useDiscoverGoogleCalendars = () =>
  useMutation({ mutationFn: discoverGoogleCalendars, meta: { silentErrors: true } });
