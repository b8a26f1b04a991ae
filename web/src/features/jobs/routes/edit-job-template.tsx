import { PlaceholderPage } from '@/ui/placeholder-page';

/** Stub: replaced by the bookings issue's work. */
export function EditJobTemplateRoute() {
  return <PlaceholderPage title="Edit Job Template" area="job templates" />;
}

export { EditJobTemplateRoute as Component };
