import { Text } from '@mantine/core';
import { AuthCard } from '@/ui/auth-card';
import { BackToLogin } from '../components/back-to-login';

export function PleaseActivateAccountRoute() {
  return (
    <AuthCard title="Please activate your account">
      <Text>
        Your account has not been activated yet. Open the activation link we sent to your e-mail
        address to activate it. If you cannot find the message, contact support.
      </Text>
      <BackToLogin />
    </AuthCard>
  );
}

export { PleaseActivateAccountRoute as Component };
