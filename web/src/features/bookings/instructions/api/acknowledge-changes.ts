import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { toasts } from '@/lib/errors/catalogue';
import { notifyRefusal } from '@/lib/errors/refusal';
import { notify } from '@/lib/notify';
import { agendaKeys, bookingKeys } from '@/lib/query-keys';

/** The freelancer acknowledges the changes to their accepted placements (all or none). */
export const acknowledgeChanges = (ids: number[]) =>
  unwrap(api.POST('/instruction/acknowledge', { body: { ids } }));

/**
 * Acknowledge from the agenda, Home or the booking page, and say how it went; afterwards the
 * agenda and the booking pages refresh, so the mark goes wherever it showed. The toasts live
 * here: the refetch usually unmounts the notice before a caller's callbacks would run.
 */
export function useAcknowledgeChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeChanges,
    meta: { silentErrors: true },
    onSuccess: (res) => notify(toasts.changesAcknowledged(res.acknowledged)),
    onError: notifyRefusal,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      ]),
  });
}
