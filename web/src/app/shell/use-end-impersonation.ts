import { useNavigate } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useCancelImpersonate } from '@/lib/session';

/**
 * Cancel Impersonation, wherever it is offered (the banner and the user menu): back to the
 * administrator's own session, a toast, and the All Users list the administrator came from.
 */
export function useEndImpersonation() {
  const navigate = useNavigate();
  return useCancelImpersonate({
    onSuccess: () => {
      notify(toasts.impersonationCancelled);
      void navigate(paths.users);
    },
  });
}
