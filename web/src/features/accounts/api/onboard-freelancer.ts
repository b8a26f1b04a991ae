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

/** Stores a user the server signed in (an active account) as whoami. */
export function storeSignedUpUser(
  queryClient: ReturnType<typeof useQueryClient>,
  user: CurrentUser,
): void {
  if (user.accountStatus !== 'active') return;
  resetCsrfToken();
  storeSignedInUser(queryClient, user);
}

/**
 * Creates a freelancer account. From an invitation the server signs the user in (stored as
 * whoami); on their own the account waits for activation. Errors are the form's to show.
 */
export function useOnboardFreelancer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: onboardFreelancer,
    meta: { silentErrors: true },
    onSuccess: (user) => storeSignedUpUser(queryClient, user),
  });
}
