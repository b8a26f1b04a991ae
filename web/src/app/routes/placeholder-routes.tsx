import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { PlaceholderPage } from '@/ui/placeholder-page';
import { navSections } from '../shell/nav-items';

/** Sidebar destinations whose screens come in later issues: title and the area they arrive with. */
export const placeholderRoutes: { path: string; title: string; area: string }[] = [
  { path: paths.documentBuilder, title: 'Document Builder', area: 'documents' },
  { path: paths.dashboard, title: 'Dashboard', area: 'reporting' },
  { path: paths.adminGuide, title: 'Admin Guide', area: 'the guides' },
  { path: paths.userGuide, title: 'User Guide', area: 'the guides' },
];

const visibility = new Map(
  navSections.flatMap((s) => s.items.map((i) => [i.to, i.visible] as const)),
);

/** A placeholder page, or not found for users whose role could never use it. */
export function PlaceholderRoute({
  path,
  title,
  area,
}: {
  path: string;
  title: string;
  area: string;
}) {
  const user = useCurrentUser();
  const visible = visibility.get(path);
  if (visible && !visible(user)) return <Navigate to={paths.bookings} replace />;
  return <PlaceholderPage title={title} area={area} />;
}
