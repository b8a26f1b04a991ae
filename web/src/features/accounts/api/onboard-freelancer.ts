import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrfToken, unwrap } from '@/api/client';
import type { CurrentUser } from '@/api/types';
import { storeSignedInUser } from '@/lib/session';

export interface OnboardInput {
  invitationToken?: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  country: string;
  termsAndConditions: boolean;
}

export const onboardFreelancer = (body: OnboardInput) =>
  unwrap(api.POST('/onboard-freelancer', { body }));

/**
 * A sign-up mutation: errors are the form's to show, and a user the server signed in (an active
 * account) is stored as whoami.
 */
export function useSignUpMutation<Body>(signUp: (body: Body) => Promise<CurrentUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    meta: { silentErrors: true },
    onSuccess: (user) => {
      if (user.accountStatus !== 'active') return;
      resetCsrfToken();
      storeSignedInUser(queryClient, user);
    },
  });
}

/**
 * Creates a freelancer account. From an invitation the server signs the user in (stored as
 * whoami); on their own the account waits for activation.
 */
export const useOnboardFreelancer = () => useSignUpMutation(onboardFreelancer);
