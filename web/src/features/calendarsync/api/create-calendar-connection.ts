import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useFormMutation } from '@/lib/form-mutation';
import { calendarSyncKeys } from './get-calendar-connections';

export type ConnectionInput = components['schemas']['CalendarConnectionInput'];

/** Connects the caller's calendar (POST /calendar-connection). */
export const createCalendarConnection = (body: ConnectionInput) =>
  unwrap(api.POST('/calendar-connection', { body }));

export const useCreateCalendarConnection = () =>
  useFormMutation(createCalendarConnection, { refresh: [calendarSyncKeys.all] });
