import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useOnboardFreelancer } from '../api/onboard-freelancer';
import { InvitationBanner, useSignUpInvitation } from '../components/sign-up-invitation';
import { SignUpForm } from '../components/sign-up-form';
import { SignUpScreen } from '../components/sign-up-screen';

/** Freelancer self sign-up (label Freelancer); with ?invitation=<token> it also accepts it. */
export function SignUpRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invitation = useSignUpInvitation(params);
  const onboard = useOnboardFreelancer();

  // The link of an invitation of the other kind opens the matching sign-up page.
  if (invitation.valid && invitation.purpose !== 'freelancer' && invitation.token) {
    return (
      <Navigate
        to={`${paths.signUpStaff}?invitation=${encodeURIComponent(invitation.token)}`}
        replace
      />
    );
  }

  return (
    <SignUpScreen title="Create a Freelance Account">
      <InvitationBanner state={invitation} />
      {!invitation.loading && (
        <SignUpForm
          key={invitation.email ?? ''}
          label="Freelancer"
          submitLabel="Create account"
          initialEmail={invitation.email ?? ''}
          emailLocked={!!invitation.email}
          onSubmit={async (values) => {
            const user = await onboard.mutateAsync({
              ...values,
              invitationToken: (invitation.valid && invitation.token) || undefined,
            });
            if (user.accountStatus === 'active') {
              notify(toasts.welcome(user.firstName || user.fullName));
              await navigate(paths.bookings, { replace: true });
            } else {
              notify(toasts.signedUpActivate);
              await navigate(paths.pleaseActivateAccount, { replace: true });
            }
          }}
        />
      )}
    </SignUpScreen>
  );
}

export { SignUpRoute as Component };
