import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { PlaceholderPage } from '@/ui/placeholder-page';
import type { CurrentUser } from '@/api/types';

export interface PlaceholderRouteDef {
  path: string;
  title: string;
  area: string;
  /** Who could ever use the screen (spec part 1 §6); others are sent to Bookings. */
  visible: (user: CurrentUser) => boolean;
}

/**
 * Spec destinations whose screens are not built yet: title and the area they
 * arrive with. The routes answer a typed URL, but nothing links to them: they are
 * not in the sidebar (or anywhere else) until the screen exists.
 */
export const placeholderRoutes: PlaceholderRouteDef[] = [];

/** A placeholder page, or not found for users whose role could never use it. */
export function PlaceholderRoute({ title, area, visible }: PlaceholderRouteDef) {
  const user = useCurrentUser();
  if (!visible(user)) return <Navigate to={paths.bookings} replace />;
  return <PlaceholderPage title={title} area={area} />;
}
