import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { entityKeys } from './get-entities';

export type BookingRules = components['schemas']['EntityBookingRules'];
export type BookingRulesUpdate = components['schemas']['EntityBookingRulesUpdate'];

export const bookingRulesKey = (id: number) => [...entityKeys.detail(id), 'booking-rules'] as const;

export const bookingRulesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: bookingRulesKey(id),
    queryFn: () => unwrap(api.GET('/entity/{id}/booking-rules', { params: { path: { id } } })),
  });
