import createClient from 'openapi-fetch';
import { API_ROOT, csrfMiddleware } from '@/api/client';

/*
 * The wire shapes of the bookings contract (docs: /work/shared bookings contract) while the Go
 * operations are being written. TEMPORARY: once web/src/api/schema.d.ts holds these operations,
 * api.ts switches to the typed client of '@/api/client' and this file goes.
 */

export interface AvailableSupplier {
  user: { id: number; fullName: string; firstName?: string; email?: string; phone?: string };
  placementIds: number[];
  totalPlacements: number;
  availability: number;
  availabilityColour?: 'red' | 'yellow' | 'green';
  alreadyInstructed: boolean;
  alreadyInvited: boolean;
  adjacentAvailability?: number;
  preferredUser: boolean;
  matchedJobTitle: boolean;
  matchedSkills?: string[] | null;
  globalAvailabilityRatio?: number;
}

export interface AvailableSuppliersList {
  items: AvailableSupplier[];
  placementCount?: number;
}

export interface GrantResult {
  inserted: number;
  existing: number;
  refused?: { userId: number; placementId: number; reason: string }[] | null;
}

export interface StatusResult {
  updated: number;
}

export interface AvailableSubstitute {
  userId: number;
  user: { fullName: string; firstName?: string; lastName?: string; email?: string };
  vatRegistered?: boolean | null;
  incumbentHasSameVatStatus?: boolean | null;
}

export interface AvailableSubstitutesList {
  items: AvailableSubstitute[];
}

export interface Unavailability {
  userId: number;
  user?: { id: number; fullName: string };
  dates: string[] | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped until the schema has these paths
export const bookingsApi = createClient<any>({
  baseUrl: (typeof window === 'undefined' ? '' : window.location.origin) + API_ROOT,
  credentials: 'same-origin',
  fetch: (request: Request) => globalThis.fetch(request),
});
bookingsApi.use(csrfMiddleware);
