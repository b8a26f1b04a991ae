import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { failureShownInPlace } from '@/lib/errors/retry';
import { agendaKeys } from '@/lib/query-keys';
import type { AgendaTab, AgendaView } from '../rules';

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
