import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { FullPageMessage } from '@/ui/full-page-message';
import { useLogout } from '../api/logout';

/** /logout: ends the session and goes to the login screen. */
export function LogoutRoute() {
  const navigate = useNavigate();
  const logout = useLogout({ onSettled: () => void navigate(paths.login, { replace: true }) });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout.mutate();
  }, [logout]);

  return <FullPageMessage message="Signing you out..." />;
}

export { LogoutRoute as Component };
