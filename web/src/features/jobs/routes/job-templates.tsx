import { PlaceholderPage } from '@/ui/placeholder-page';

/** Stub: replaced by the bookings issue's work. */
export function JobTemplatesRoute() {
  return <PlaceholderPage title="Job Templates" area="job templates" />;
}

export { JobTemplatesRoute as Component };
