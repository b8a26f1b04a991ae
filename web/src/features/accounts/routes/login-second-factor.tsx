import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@/api/errors';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { AuthCard } from '@/ui/auth-card';
import { useLoginSecondFactor } from '../api/second-factor';
import { SecondFactorCodeForm } from '../components/second-factor-code-form';

/**
 * /login/second-factor: the password (or Google) was right and the account has a second factor.
 * A code from the authenticator app or a recovery code completes the sign-in. A sign-in that has
 * expired (or was never started here) goes back to the login screen with the server's reason.
 */
export function LoginSecondFactorRoute() {
  const navigate = useNavigate();
  const complete = useLoginSecondFactor({
    onSuccess: (user) => {
      notify(toasts.loggedIn(user.firstName));
      void navigate(paths.bookings, { replace: true });
    },
  });
  return (
    <AuthCard title="Two-step sign-in" subtitle="Enter the code from your authenticator app.">
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
