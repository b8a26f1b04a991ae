import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { isAdmin } from '@/lib/permissions';
import adminGuide from '../content/admin-guide.md?raw';
import { GuidePage } from '../components/guide-page';

/** /admin-guide: the administrators' guide (spec part 1 §6: adminGuide for admins). */
export function Component() {
  const user = useCurrentUser();
  if (!isAdmin(user)) return <Navigate to={paths.userGuide} replace />;
  return <GuidePage title="Admin Guide" markdown={adminGuide} />;
}
