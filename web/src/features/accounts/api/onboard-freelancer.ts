import { api, unwrap } from '@/api/client';
import { useSignUpMutation } from '../hooks/use-sign-up-mutation';

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
 * Creates a freelancer account. From an invitation the server signs the user in (stored as
 * whoami); on their own the account waits for activation.
 */
export const useOnboardFreelancer = () => useSignUpMutation(onboardFreelancer);
