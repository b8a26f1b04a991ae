import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useBookingMutation } from '@/features/bookings/booking/hooks/use-booking-mutation';

export type WaterfallAction = components['schemas']['WaterfallActionInput']['action'];

/** Pauses, resumes or stops a waterfall at the version read. */
export const useControlWaterfall = () =>
  useBookingMutation((a: { id: number; action: WaterfallAction; version: number }) =>
    unwrap(
      api.PATCH('/waterfall/{id}', {
        params: { path: { id: a.id } },
        body: { action: a.action, version: a.version },
      }),
    ),
  );
