import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useBookingMutation } from '../hooks/use-booking-mutation';

export type PlacementAmendment = components['schemas']['PlacementAmendment'];

export const amendPlacements = (body: PlacementAmendment[]) =>
  unwrap(api.PATCH('/placements', { body }));

export const useAmendPlacements = () => useBookingMutation(amendPlacements);
