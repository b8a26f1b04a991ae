import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { toasts } from '@/lib/errors/catalogue';
import { agendaKeys, bookingKeys } from '@/lib/query-keys';
import { notify } from '@/lib/notify';

export type HoldOperation = 'confirm' | 'release' | 'challenge';

const call = (op: HoldOperation, id: number) => {
  const params = { params: { path: { id } } };
  switch (op) {
    case 'confirm':
      return unwrap(api.POST('/instruction/{id}/hold/confirm', params));
    case 'release':
      return unwrap(api.POST('/instruction/{id}/hold/release', { ...params, body: {} }));
    case 'challenge':
      return unwrap(api.POST('/instruction/{id}/hold/challenge', params));
  }
};

/**
 * One hold operation on instruction id (the server applies it to the freelancer's whole hold in
 * that booking). Bookings, the agenda and the scheduler all show holds, so all are refreshed.
 * The success toast is shown here rather than by the button: the refresh can take the button
 * away (a confirmed hold leaves the agenda's Outstanding tab), and TanStack Query drops the
 * callbacks of a mutate() whose component has gone.
 */
export function useHoldOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: { op: HoldOperation; id: number }) => call(a.op, a.id),
    meta: { silentErrors: true },
    onSuccess: (res, { op }) => notify(toasts.holdDone(op, res.days)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        // The scheduler's keys are bookingKeys'.
        queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
      ]),
  });
}
