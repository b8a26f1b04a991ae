import { AuthCard } from '@/ui/auth-card';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { BackToLogin } from '../components/back-to-login';
import { ResetLinkForm } from '../components/reset-link-form';

export function RequestPasswordResetRoute() {
  const request = useRequestPasswordReset();
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link to set a new password."
    >
      <ResetLinkForm send={request} submitLabel="Send reset link" />
      <BackToLogin />
    </AuthCard>
  );
}

export { RequestPasswordResetRoute as Component };
