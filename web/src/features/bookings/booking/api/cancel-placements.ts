import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useBookingMutation } from '../hooks/use-booking-mutation';

export type CancelPlacementsBody = components['schemas']['CancelPlacementsInput'];

export const cancelPlacements = (body: CancelPlacementsBody) =>
  unwrap(api.DELETE('/placements', { body }));

export const useCancelPlacements = () => useBookingMutation(cancelPlacements);
