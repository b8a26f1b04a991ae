import { Anchor, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/api/errors';
import type { CurrentUser } from '@/api/types';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { AuthCard } from '@/ui/auth-card';
import { useLoginSecondFactor } from '../api/login-second-factor';
import { PasskeySecondFactor } from '../components/passkey-second-factor';
import { SecondFactorCodeForm } from '../components/second-factor-code-form';

/** What the login screen passes on: the second factors the sign-in offers (its answer's methods). */
export interface SecondFactorState {
  methods?: string[];
}

/**
 * The ways offered: the login answer's methods when the login screen passed them on; after a
 * provider's sign-in (a redirect, no answer to read) every way, and the server refuses a way the
 * account does not have with its reason.
 */
function offered(state: unknown) {
  const methods = (state as SecondFactorState | null)?.methods;
  return {
    code: !methods || methods.includes('totp') || methods.includes('recovery'),
    passkey: !methods || methods.includes('passkey'),
  };
}

/**
 * /login/second-factor: the password (or Google) was right and the account has a second factor.
 * A code from the authenticator app, a recovery code or a passkey completes the sign-in. A
 * sign-in that has expired (or was never started here) goes back to the login screen with the
 * server's reason.
 */
export function LoginSecondFactorRoute() {
  const navigate = useNavigate();
  const ways = offered(useLocation().state);
  const signedIn = (user: CurrentUser) => {
    notify(toasts.loggedIn(user.firstName));
    void navigate(paths.bookings, { replace: true });
  };
  const expired = (err: unknown) => {
    if (!isApiError(err) || err.status !== 401 || err.errorCode !== 'A-105') return false;
    notify(toasts.errorCode(err.errorCode, err.message));
    void navigate(paths.login, { replace: true });
    return true;
  };
  const complete = useLoginSecondFactor({ onSuccess: signedIn });
  return (
    <AuthCard
      title="Two-step sign-in"
      subtitle={
        ways.code ? 'Enter the code from your authenticator app.' : 'Use your passkey to log in.'
      }
    >
      {ways.code && (
        <SecondFactorCodeForm
          loading={complete.isPending}
          submitLabel="Verify and log in"
          onSubmit={(code) => complete.mutateAsync(code)}
          onError={(toast, err) => {
            if (isApiError(err) && err.status === 401) {
              notify(toasts.errorCode(err.errorCode, err.message));
              void navigate(paths.login, { replace: true });
              return;
            }
            notify(toast);
          }}
        />
      )}
      {ways.passkey && <PasskeySecondFactor onSignedIn={signedIn} onExpired={expired} />}
      <Text size="sm">
        Lost your phone and your recovery codes? An administrator can reset your second factor.
      </Text>
      <Anchor component={Link} to={paths.login} size="sm">
        Back to log in
      </Anchor>
    </AuthCard>
  );
}

export { LoginSecondFactorRoute as Component };
