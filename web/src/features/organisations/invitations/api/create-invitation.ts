import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { InvitationFormOutput } from '../components/invitation-form';
import { invitationKeys } from '@/lib/query-keys';

export const createInvitation = (body: InvitationFormOutput) =>
  unwrap(api.POST('/invitation', { body }));

/** Sends an invitation; the form shows errors itself. Refreshes the invitation lists. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
