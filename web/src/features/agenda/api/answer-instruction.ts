import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { toasts } from '@/lib/errors/catalogue';
import { notifyRefusal } from '@/lib/errors/refusal';
import { notify } from '@/lib/notify';
import { agendaKeys, bookingKeys } from '@/lib/query-keys';
import type { StatusSide } from '../rules';

/** One answer from a card: accept or reject one instruction on the viewer's side. */
export interface AgendaAnswer {
  id: number;
  version: number;
  side: StatusSide;
  to: 'accepted' | 'rejected';
}

export const answerInstruction = ({ id, version, side, to }: AgendaAnswer) =>
  unwrap(api.PATCH('/instruction/status', { body: [{ id, version, [side]: to }] }));

/**
 * Accept or reject from a card, and say how it went. Afterwards the agenda and the booking pages
 * refresh, so the card moves to the tab its new statuses put it in. The toasts live here, not in
 * the caller's mutate callbacks: the refetch that follows takes the answered card off its tab,
 * and callbacks of an unmounted caller never run (so the confirmation was lost whenever the
 * refetch won the race).
 */
export function useAnswerInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInstruction,
    meta: { silentErrors: true },
    onSuccess: (res) => notify(toasts.instructionsUpdated(res.updated)),
    onError: notifyRefusal,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      ]),
  });
}
