import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toasts } from '@/lib/errors/catalogue';
import { agendaKeys, bookingKeys } from '@/lib/query-keys';
import { notify } from '@/lib/notify';
import { challengeHold } from './challenge-hold';
import { confirmHold } from './confirm-hold';
import { releaseHold } from './release-hold';

export type HoldOperation = 'confirm' | 'release' | 'challenge';

/** Each hold operation's endpoint (one file each beside this one). */
const calls: Record<HoldOperation, typeof confirmHold | typeof releaseHold | typeof challengeHold> =
  { confirm: confirmHold, release: releaseHold, challenge: challengeHold };

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
    mutationFn: (a: { op: HoldOperation; id: number }) => calls[a.op](a.id),
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
