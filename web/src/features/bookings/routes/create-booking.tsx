import { PlaceholderPage } from '@/ui/placeholder-page';

/** Stub: replaced by the bookings issue's work. */
export function CreateBookingRoute() {
  return <PlaceholderPage title="Create Booking" area="bookings" />;
}

export { CreateBookingRoute as Component };
