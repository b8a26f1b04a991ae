import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { storeSignedUpUser, type OnboardInput } from './onboard-freelancer';

export const onboardStaff = (body: OnboardInput & { invitationToken: string }) =>
  unwrap(api.POST('/onboard-staff', { body }));

/** Creates a staff account from an invitation; the server signs the user in (stored as whoami). */
export function useOnboardStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: onboardStaff,
    meta: { silentErrors: true },
    onSuccess: (user) => storeSignedUpUser(queryClient, user),
  });
}
