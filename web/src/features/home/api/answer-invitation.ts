import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys, invitationKeys } from '@/lib/query-keys';

export interface AnswerInvitationInput {
  id: number;
  status: 'accepted' | 'rejected';
  version: number;
}

export const answerInvitation = ({ id, status, version }: AnswerInvitationInput) =>
  unwrap(api.PATCH('/invitation/{id}', { params: { path: { id } }, body: { status, version } }));

/**
 * Accepts or rejects an invitation. Afterwards the invitation lists are refreshed (the card
 * disappears) and so is whoami, whose needs change with the new link.
 */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.whoami() }),
      ]),
  });
}
