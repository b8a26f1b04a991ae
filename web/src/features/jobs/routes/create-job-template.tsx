import { PlaceholderPage } from '@/ui/placeholder-page';

/** Stub: replaced by the bookings issue's work. */
export function CreateJobTemplateRoute() {
  return <PlaceholderPage title="Create Job Template" area="job templates" />;
}

export { CreateJobTemplateRoute as Component };
