import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isApiError } from '@/api/errors';
import { EnrolRequiredScreen } from '@/features/accounts/components/enrol-required-screen';
import { whoamiQueryOptions } from '@/lib/session';
import { CurrentUserProvider } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { FullPageMessage } from '@/ui/full-page-message';

export const LOGGING_IN_MESSAGE = 'Logging you in. Please wait...';

/**
 * Routes below need a session: visitors go to /login; while whoami loads, a full-page notice. A
 * user who must enrol a second factor first sees only the enrolment (the server refuses the rest).
 */
export function RequireAuth() {
  const location = useLocation();
  const whoami = useQuery(whoamiQueryOptions());

  if (whoami.isPending) return <FullPageMessage message={LOGGING_IN_MESSAGE} />;
  if (whoami.isError) {
    if (isApiError(whoami.error) && whoami.error.status === 401) {
      return (
        <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />
      );
    }
    throw whoami.error;
  }
  if (whoami.data.mustEnrolSecondFactor) return <EnrolRequiredScreen />;
  return (
    <CurrentUserProvider user={whoami.data}>
      <Outlet />
    </CurrentUserProvider>
  );
}
