import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/api/errors';
import { LOGIN_INVALID_CREDENTIALS, toastForLoginError, toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { AuthCard } from '@/ui/auth-card';
import { FullPageMessage } from '@/ui/full-page-message';
import { appInfoQueryOptions, whoamiQueryOptions } from '@/lib/session';
import { useLogin } from '../api/login';
import { LoginForm, type LoginFailure } from '../components/login-form';
import { LegalLinks } from '../components/legal-modals';
import { PasskeySignIn } from '../components/passkey-sign-in';
import { goToProvider, storeRedirectPath } from '../api/provider-login';

/** The number shown after the product name in the login title. */
export const LOGIN_TITLE_NUMBER = 2;

/** Whether a query was answered (or refused) under five seconds ago. */
function askedMomentsAgo(state?: { dataUpdatedAt: number; errorUpdatedAt: number }): boolean {
  return !!state && Date.now() - Math.max(state.dataUpdatedAt, state.errorUpdatedAt) <= 5000;
}

/**
 * /login. Someone still signed in (a mistyped address sends them here with the 'Error' toast)
 * goes straight on to the bookings screen; the session is checked afresh each time.
 */
export function LoginRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const whoami = useQuery({
    ...whoamiQueryOptions(),
    retry: false,
    // Checked afresh on each visit, unless the app asked a moment ago as it started. A visitor's
    // answer is a refusal (an error), which TanStack asks again on mount whatever refetchOnMount
    // says unless retryOnMount is off: the sign-in page would wait for a second round trip.
    refetchOnMount: (q) => (askedMomentsAgo(q.state) ? false : 'always'),
    retryOnMount: !askedMomentsAgo(queryClient.getQueryState(whoamiQueryOptions().queryKey)),
  });
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const location = useLocation();
  const appInfo = useQuery(appInfoQueryOptions());
  const productName = appInfo.data?.productName || 'Hive';
  const from = (location.state as { from?: string } | null)?.from;

  const signedIn = (user: { firstName: string }) => {
    notify(toasts.loggedIn(user.firstName));
    void navigate(paths.bookings, { replace: true });
  };
  /** Sends an account that may not sign in yet to its page; whether it did. */
  const refusedAccount = (err: unknown, email?: string) => {
    if (isApiError(err) && err.errorCode === 'A-104') {
      void navigate(paths.pleaseActivateAccount);
      return true;
    }
    if (isApiError(err) && err.errorCode === 'A-103') {
      void navigate(paths.accountRequiresReset, { state: { email } });
      return true;
    }
    return false;
  };

  const login = useLogin({
    onSuccess: signedIn,
    onSecondFactor: (challenge) =>
      void navigate(paths.loginSecondFactor, { state: { methods: challenge.methods } }),
    onError: (err, input) => {
      if (refusedAccount(err, input.email)) return;
      const toast = toastForLoginError(err);
      notify(toast);
      const refused = isApiError(err) && err.status === 401;
      setFailure({
        message: refused ? LOGIN_INVALID_CREDENTIALS : toast.message,
        credentials: refused,
      });
    },
  });

  async function continueWithGoogle() {
    try {
      const info = await queryClient.ensureQueryData(appInfoQueryOptions());
      if (!(info.providers ?? []).includes('google')) throw new Error('google is not configured');
    } catch {
      notify(toasts.oauthCannotStart);
      return;
    }
    storeRedirectPath(from ?? location.pathname + location.search);
    goToProvider('google');
  }

  if (whoami.isFetching && !whoami.isError) return <FullPageMessage message="Loading..." />;
  if (whoami.data && !whoami.isError) return <Navigate to={paths.bookings} replace />;

  return (
    <AuthCard
      title={`${productName} ${LOGIN_TITLE_NUMBER}`}
      subtitle="Enter your credentials to log in."
    >
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} aria-hidden="true" />}
        onClick={() => void continueWithGoogle()}
        fullWidth
      >
        Continue with Google
      </Button>
      <PasskeySignIn onSignedIn={signedIn} onRefused={(err) => refusedAccount(err)} />
      <Divider label="OR" labelPosition="center" />
      <LoginForm
        loading={login.isPending}
        failure={failure}
        onSubmit={(values) => {
          setFailure(null);
          login.mutate(values);
        }}
      />
      <Stack gap={6} align="center">
        <Anchor component={Link} to={paths.requestPasswordReset} size="sm">
          Forgot your password, or using a legacy account? Reset your password
        </Anchor>
        <Text size="xs" c="dimmed" ta="center">
          By logging in you agree to the <LegalLinks size="xs" />.
        </Text>
        <Group gap="xs">
          <Anchor component={Link} to={paths.signUp} size="sm">
            Create a Freelance Account
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}

export { LoginRoute as Component };
