import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useFormMutation } from '@/lib/form-mutation';
import { calendarSyncKeys } from './get-calendar-connections';

export type GoogleConnectionInput = components['schemas']['GoogleConnectionInput'];

/** Connects the granted Google Calendar (POST /calendar-connection/google). */
export const createGoogleConnection = (body: GoogleConnectionInput) =>
  unwrap(api.POST('/calendar-connection/google', { body }));

export const useCreateGoogleConnection = () =>
  useFormMutation(createGoogleConnection, { refresh: [calendarSyncKeys.all] });
