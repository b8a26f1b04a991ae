import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { startEarlyRead, takeEarlyRead } from '@/lib/early-reads';
import { failureShownInPlace } from '@/lib/errors/retry';
import { agendaKeys } from '@/lib/query-keys';
import type { AgendaTab, AgendaView } from '../rules';

/** Cards per page of a tab. */
export const AGENDA_PAGE_SIZE = 20;

const getAgendaPage = (view: AgendaView, tab: AgendaTab, page: number) =>
  unwrap(
    api.GET('/agenda', {
      params: { query: { as: view, tab, page, pageSize: AGENDA_PAGE_SIZE } },
    }),
  );

/** One tab's cards, page by page ('Load more'); the page shows the error itself. */
export const agendaQueryOptions = (view: AgendaView, tab: AgendaTab) =>
  infiniteQueryOptions({
    queryKey: agendaKeys.list(view, tab),
    // The first page may have been asked for as the app loaded (startAgendaRead).
    queryFn: ({ pageParam }) =>
      pageParam === 1
        ? takeEarlyRead(agendaKeys.list(view, tab), () => getAgendaPage(view, tab, 1))
        : getAgendaPage(view, tab, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + (p.items?.length ?? 0), 0) < last.total &&
      (last.items?.length ?? 0) > 0
        ? pages.length + 1
        : undefined,
    ...failureShownInPlace,
  });

/** Asks for a tab's first page now, for the agenda page about to open (lib/early-reads.ts). */
export function startAgendaRead(view: AgendaView, tab: AgendaTab): void {
  startEarlyRead(agendaKeys.list(view, tab), () => getAgendaPage(view, tab, 1));
}
