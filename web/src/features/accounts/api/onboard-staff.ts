import { api, unwrap } from '@/api/client';
import { useSignUpMutation } from '../hooks/use-sign-up-mutation';
import type { OnboardInput } from './onboard-freelancer';

export const onboardStaff = (body: OnboardInput & { invitationToken: string }) =>
  unwrap(api.POST('/onboard-staff', { body }));

/** Creates a staff account from an invitation; the server signs the user in (stored as whoami). */
export const useOnboardStaff = () => useSignUpMutation(onboardStaff);
