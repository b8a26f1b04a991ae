import { PlaceholderPage } from '@/ui/placeholder-page';

/** Stub: replaced by the bookings issue's work. */
export function EditBookingRoute() {
  return <PlaceholderPage title="Edit Booking" area="bookings" />;
}

export { EditBookingRoute as Component };
