import createClient from 'openapi-fetch';
import { API_ROOT, csrfMiddleware } from '@/api/client';
import type { Booking, Placement } from './types';

/*
 * TEMPORARY: the request shapes of PATCH /booking/{id}, PATCH /placements and DELETE /placements
 * (bookings contract) while bookings-core writes them. Once web/src/api/schema.d.ts holds these
 * operations, bookings.ts calls them through the typed client of '@/api/client' and this file goes.
 */

export interface UpdateBookingBody {
  version: number;
  title?: string;
  reference?: string;
  ir35?: boolean;
  substitutionAllowed?: boolean;
}

export interface PlacementAmendment {
  id: number;
  revision: number;
  title: string;
  /** HH:mm:00 */
  startTime: string;
  endTime: string;
  supplierNotes: string;
  unpaidBreaks: number;
}

export interface CancelPlacementsBody {
  ids: number[];
  cancellationReason: string;
}

export type UpdateBookingResult = Booking;
export interface AmendPlacementsResult {
  items: Placement[] | null;
}
export interface CancelPlacementsResult {
  updated: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped until the schema has these paths
export const untypedApi = createClient<any>({
  baseUrl: (typeof window === 'undefined' ? '' : window.location.origin) + API_ROOT,
  credentials: 'same-origin',
  fetch: (request: Request) => globalThis.fetch(request),
});
untypedApi.use(csrfMiddleware);
