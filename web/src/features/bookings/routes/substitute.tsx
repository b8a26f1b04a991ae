import { PlaceholderPage } from '@/ui/placeholder-page';

/** Stub: replaced by the bookings issue's work. */
export function SubstituteRoute() {
  return <PlaceholderPage title="Substitute" area="bookings" />;
}

export { SubstituteRoute as Component };
