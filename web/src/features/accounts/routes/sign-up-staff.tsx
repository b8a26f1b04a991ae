import { Alert, Text } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useOnboardStaff } from '../api/onboard-staff';
import { InvitationBanner, useSignUpInvitation } from '../components/sign-up-invitation';
import { SignUpForm } from '../components/sign-up-form';
import { SignUpScreen } from '../components/sign-up-screen';

/** Staff sign-up: by invitation only (?invitation=<token>; label Staff, default country GB). */
export function SignUpStaffRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invitation = useSignUpInvitation(params);
  const onboard = useOnboardStaff();

  // The link of an invitation of the other kind opens the matching sign-up page.
  if (invitation.valid && invitation.purpose === 'freelancer' && invitation.token) {
    return (
      <Navigate to={`${paths.signUp}?invitation=${encodeURIComponent(invitation.token)}`} replace />
    );
  }

  return (
    <SignUpScreen title="Create a Staff Account">
      {!invitation.token ? (
        <Alert color="blue" title="By invitation only">
          <Text size="sm">
            Staff accounts are created by invitation only. Open the link in your invitation email,
            or ask your manager to invite you.
          </Text>
        </Alert>
      ) : (
        <InvitationBanner state={invitation} />
      )}
      {invitation.valid && invitation.token && (
        <SignUpForm
          key={invitation.email ?? ''}
          label="Staff"
          submitLabel="Create account"
          initialEmail={invitation.email ?? ''}
          emailLocked
          onSubmit={async (values) => {
            const user = await onboard.mutateAsync({
              ...values,
              invitationToken: invitation.token ?? '',
            });
            notify(toasts.welcome(user.firstName || user.fullName));
            await navigate(paths.bookings, { replace: true });
          }}
        />
      )}
    </SignUpScreen>
  );
}

export { SignUpStaffRoute as Component };
