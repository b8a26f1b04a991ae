import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { startEarlyRead, takeEarlyRead } from '@/lib/early-reads';
import { failureShownInPlace } from '@/lib/errors/retry';
import { agendaKeys } from '@/lib/query-keys';
import type { AgendaView } from '../rules';

const getAgendaStats = (view: AgendaView) =>
  unwrap(api.GET('/agenda/stats', { params: { query: { as: view } } }));

/** How many cards each tab holds (the tab badges); a failure only hides the counts. */
export const agendaStatsQueryOptions = (view: AgendaView) =>
  queryOptions({
    queryKey: agendaKeys.stats(view),
    // It may have been asked for as the app loaded (startAgendaStatsRead).
    queryFn: () => takeEarlyRead(agendaKeys.stats(view), () => getAgendaStats(view)),
    ...failureShownInPlace,
  });

/** Asks for the counts now, for the agenda page about to open (lib/early-reads.ts). */
export function startAgendaStatsRead(view: AgendaView): void {
  startEarlyRead(agendaKeys.stats(view), () => getAgendaStats(view));
}
