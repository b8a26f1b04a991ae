import { Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { AuthCard } from '@/ui/auth-card';
import { useResetUnauthenticatedPassword } from '../api/reset-unauthenticated-password';
import { BackToLogin } from '../components/back-to-login';
import { ResetLinkForm } from '../components/reset-link-form';

export function AccountRequiresResetRoute() {
  const location = useLocation();
  const email = (location.state as { email?: string } | null)?.email ?? '';
  const send = useResetUnauthenticatedPassword();

  return (
    <AuthCard title="Password reset required">
      <Text>
        Your account needs a new password before you can log in. Check your e-mail for a reset link.
        If you cannot find it, send yourself a new link below, or contact support.
      </Text>
      <ResetLinkForm send={send} submitLabel="Send a new reset link" initialEmail={email} />
      <BackToLogin />
    </AuthCard>
  );
}

export { AccountRequiresResetRoute as Component };
