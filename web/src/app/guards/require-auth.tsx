import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
  // Once sent to enrol, the user stays on the enrolment until they have seen their recovery
  // codes, even when whoami, read again meanwhile, no longer asks for it.
  const [enrolling, setEnrolling] = useState(false);
  if (whoami.data?.mustEnrolSecondFactor && !enrolling) setEnrolling(true);

  if (whoami.isPending) return <FullPageMessage message={LOGGING_IN_MESSAGE} />;
  if (whoami.isError) {
    if (isApiError(whoami.error) && whoami.error.status === 401) {
      return (
        <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />
      );
    }
    throw whoami.error;
  }
  if (enrolling) return <EnrolRequiredScreen onDone={() => setEnrolling(false)} />;
  return (
    <CurrentUserProvider user={whoami.data}>
      <Outlet />
    </CurrentUserProvider>
  );
}
