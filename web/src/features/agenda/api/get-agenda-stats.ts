import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { agendaKeys } from '@/lib/query-keys';
import type { AgendaView } from '../rules';

/** How many cards each tab holds (the tab badges); a failure only hides the counts. */
export const agendaStatsQueryOptions = (view: AgendaView) =>
  queryOptions({
    queryKey: agendaKeys.stats(view),
    queryFn: () => unwrap(api.GET('/agenda/stats', { params: { query: { as: view } } })),
    ...failureShownInPlace,
  });
