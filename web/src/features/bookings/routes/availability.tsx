import { PlaceholderPage } from '@/ui/placeholder-page';

/** Stub: replaced by the bookings issue's work. */
export function AvailabilityRoute() {
  return <PlaceholderPage title="Availability" area="bookings" />;
}

export { AvailabilityRoute as Component };
