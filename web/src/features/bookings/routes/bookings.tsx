import { PlaceholderPage } from '@/ui/placeholder-page';

/** /bookings: the scheduler arrives with the bookings issue. */
export function BookingsRoute() {
  return <PlaceholderPage title="Bookings" area="the bookings scheduler" />;
}

export { BookingsRoute as Component };
