import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { toasts } from '@/lib/errors/catalogue';
import { failureShownInPlace } from '@/lib/errors/retry';
import { notify } from '@/lib/notify';
import { notifyRefusal } from '@/lib/errors/refusal';
import type { AgendaTab, AgendaView, StatusSide } from './rules';
import { agendaKeys, bookingKeys } from '@/lib/query-keys';

export type CalendarFeed = components['schemas']['CalendarFeed'];

/** Cards per page of a tab. */
export const AGENDA_PAGE_SIZE = 20;

/** One tab's cards, page by page ('Load more'); the page shows the error itself. */
export const agendaQueryOptions = (view: AgendaView, tab: AgendaTab) =>
  infiniteQueryOptions({
    queryKey: agendaKeys.list(view, tab),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/agenda', {
          params: { query: { as: view, tab, page: pageParam, pageSize: AGENDA_PAGE_SIZE } },
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + (p.items?.length ?? 0), 0) < last.total &&
      (last.items?.length ?? 0) > 0
        ? pages.length + 1
        : undefined,
    ...failureShownInPlace,
  });

/** How many cards each tab holds (the tab badges); a failure only hides the counts. */
export const agendaStatsQueryOptions = (view: AgendaView) =>
  queryOptions({
    queryKey: agendaKeys.stats(view),
    queryFn: () => unwrap(api.GET('/agenda/stats', { params: { query: { as: view } } })),
    ...failureShownInPlace,
  });

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
 * Accept or reject from a card. Afterwards the agenda and the booking pages refresh, so the card
 * moves to the tab its new statuses put it in. The card shows errors itself.
 */
/**
 * Answers an instruction and says how it went. The toasts live here, not in the caller's mutate
 * callbacks: the refetch that follows takes the answered card off its tab, and callbacks of an
 * unmounted caller never run (so the confirmation was lost whenever the refetch won the race).
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

// ---- The calendar feed (freelancers) ----
//
// GET /agenda/feed creates the feed on its first call and only that answer (or a rotation's)
// carries the address: the server keeps a hash of the token. So the panel calls it only when
// the freelancer asks for the link, and treats all three calls as actions, not cached reads.

export const getCalendarFeed = () => unwrap(api.GET('/agenda/feed'));
export const rotateCalendarFeed = () => unwrap(api.POST('/agenda/feed/rotate'));
export const revokeCalendarFeed = () => unwrap(api.DELETE('/agenda/feed'));

const feedMutation = <R>(fn: () => Promise<R>) => ({
  mutationFn: fn,
  meta: { silentErrors: true },
});

export const useGetCalendarFeed = () => useMutation(feedMutation(getCalendarFeed));
export const useRotateCalendarFeed = () => useMutation(feedMutation(rotateCalendarFeed));
export const useRevokeCalendarFeed = () => useMutation(feedMutation(revokeCalendarFeed));

/** The webcal:// form of the feed's address, which calendar applications open as a subscription. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}
