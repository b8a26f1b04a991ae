import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { whoamiQueryOptions } from '@/lib/session';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { AuthCard } from '@/ui/auth-card';
import { FullPageMessage } from '@/ui/full-page-message';

/**
 * Unknown routes: visitors read a page-not-found message pointing old links to login;
 * signed-in users get the 'Error' toast and are sent to login (spec part 2, "Any route error").
 */
export function NotFound() {
  const whoami = useQuery({ ...whoamiQueryOptions(), retry: false });
  const navigate = useNavigate();
  const signedIn = !!whoami.data && !whoami.isError;
  const redirected = useRef(false);

  useEffect(() => {
    if (signedIn && !redirected.current) {
      redirected.current = true;
      notify(toasts.resourceMissing);
      void navigate(paths.login, { replace: true });
    }
  }, [signedIn, navigate]);

  if (whoami.isPending || signedIn) return <FullPageMessage message="Loading..." />;
  return (
    <AuthCard title="Page not found">
      <Text>
        The page you asked for does not exist. If you followed a link from the old application, log
        in and find the item from the bookings screen or the lists.
      </Text>
      <Button component={Link} to={paths.login}>
        Back to Login
      </Button>
    </AuthCard>
  );
}

export { NotFound as Component };
