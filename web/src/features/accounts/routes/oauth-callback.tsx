import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toastForError, toasts, type Toast } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { FullPageMessage } from '@/ui/full-page-message';
import { whoamiQueryOptions } from '../api/get-whoami';
import { takeRedirectPath } from '../oauth';

export type CallbackOutcome = { ok: true } | { ok: false; toast: Toast };

/** Reads the provider callback's query: success and provider, or error and message. */
export function readCallback(params: URLSearchParams): CallbackOutcome {
  if (params.has('error')) return { ok: false, toast: toasts.oauthFailed(params.get('message')) };
  if (params.get('success') === 'true' && params.get('provider')) return { ok: true };
  return { ok: false, toast: toasts.oauthInvalidCallback };
}

export function OAuthCallbackRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const outcome = readCallback(params);
    if (!outcome.ok) {
      notify(outcome.toast);
      void navigate(paths.login, { replace: true });
      return;
    }
    const target = takeRedirectPath();
    queryClient.removeQueries({ queryKey: whoamiQueryOptions().queryKey });
    queryClient
      .fetchQuery(whoamiQueryOptions())
      .then((user) => {
        notify(toasts.loggedIn(user.firstName));
        void navigate(target, { replace: true });
      })
      .catch((err: unknown) => {
        notify(toastForError(err));
        void navigate(paths.login, { replace: true });
      });
  }, [params, navigate, queryClient]);

  return <FullPageMessage message="Logging you in. Please wait..." />;
}

export { OAuthCallbackRoute as Component };
