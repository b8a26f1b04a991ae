import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toastForError, toasts, type Toast } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { FullPageMessage } from '@/ui/full-page-message';
import { whoamiQueryOptions } from '@/lib/session';
import { takeRedirectPath } from '../api/provider-login';

export type CallbackOutcome = { ok: true } | { ok: false; toast: Toast };

/**
 * What each failure code of the server's callback means. The page shows only these texts, never
 * words from the address (a crafted link must not put an attacker's message on Hive's page), so
 * an unknown code and any `message` parameter fall back to 'OAuth authentication failed'.
 */
const OAUTH_FAILURES: Record<string, string> = {
  start_failed: 'Failed to initiate login with the provider. Please try again.',
  expired: 'The sign-in took too long or was started elsewhere. Please try again.',
  no_verified_email: 'Your provider account has no verified e-mail address.',
  no_account: 'No Hive account uses this e-mail address. Sign up first, or ask for an invitation.',
  not_activated: 'Your account has not been activated yet.',
  needs_reset:
    'Your account needs a password reset. Check your e-mail for a reset link, or contact support.',
};

/** Reads the provider callback's query: success and provider, or an error code. */
export function readCallback(params: URLSearchParams): CallbackOutcome {
  const code = params.get('error');
  if (code !== null) {
    const known = Object.hasOwn(OAUTH_FAILURES, code) ? OAUTH_FAILURES[code] : undefined;
    return { ok: false, toast: toasts.oauthFailed(known) };
  }
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
