import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useFormMutation } from '@/lib/form-mutation';
import { entityKeys } from './get-entities';

export type BookingRules = components['schemas']['EntityBookingRules'];
export type BookingRulesUpdate = components['schemas']['EntityBookingRulesUpdate'];

export const bookingRulesKey = (id: number) => [...entityKeys.detail(id), 'booking-rules'] as const;

export const bookingRulesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: bookingRulesKey(id),
    queryFn: () => unwrap(api.GET('/entity/{id}/booking-rules', { params: { path: { id } } })),
  });

/** Saves an entity's booking rules with the version read; the form shows the refusal. */
export const useSaveBookingRules = (id: number) =>
  useFormMutation(
    (body: BookingRulesUpdate) =>
      unwrap(api.PUT('/entity/{id}/booking-rules', { params: { path: { id } }, body })),
    { store: () => bookingRulesKey(id), refresh: [] },
  );
