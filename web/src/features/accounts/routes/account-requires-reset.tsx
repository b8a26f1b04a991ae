import { Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { AuthCard } from '@/ui/auth-card';
import { useResetUnauthenticatedPassword } from '../api/reset-unauthenticated-password';
import { BackToLogin } from '../components/back-to-login';
import { ResetLinkForm } from '../components/reset-link-form';

/**
 * /account-requires-reset. A sign-in refused for a required reset has just mailed the
 * account a reset link (internal/accounts refuseSignIn), and the login screen comes here with the
 * address in navigation state: the page says the link was sent and offers a new one. Reached any
 * other way, nothing was mailed, so it offers to send one and claims nothing.
 */
export function AccountRequiresResetRoute() {
  const location = useLocation();
  const email = (location.state as { email?: string } | null)?.email ?? '';
  const send = useResetUnauthenticatedPassword();
  const mailed = email !== '';

  return (
    <AuthCard title="Password reset required">
      {mailed ? (
        <Text>
          Your account needs a new password before you can log in. We have sent a link to reset it
          to your e-mail address: check your e-mail. If it has not arrived, send yourself a new link
          below, or contact support.
        </Text>
      ) : (
        <Text>
          Your account needs a new password before you can log in. Enter your e-mail address and we
          will send you a link to reset it, or contact support.
        </Text>
      )}
      <ResetLinkForm
        send={send}
        submitLabel={mailed ? 'Send a new reset link' : 'Send a reset link'}
        initialEmail={email}
      />
      <BackToLogin />
    </AuthCard>
  );
}

export { AccountRequiresResetRoute as Component };
