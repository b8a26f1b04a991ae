import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useBookingMutation } from '@/features/bookings/booking/hooks/use-booking-mutation';

export type GrantBody = components['schemas']['GrantBody'];
export type GrantKind = NonNullable<GrantBody['kind']>;

/** Invites suppliers to a placement (Invite). */
export const grant = (placementId: number, body: GrantBody) =>
  unwrap(api.POST('/placement/{id}/grant', { params: { path: { id: placementId } }, body }));

export const useGrant = () =>
  useBookingMutation(({ placementId, ...body }: GrantBody & { placementId: number }) =>
    grant(placementId, body),
  );
