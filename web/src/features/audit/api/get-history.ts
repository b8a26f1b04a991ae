import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import type { AuditKind } from '@/lib/paths';

export type HistoryEntry = components['schemas']['HistoryEntry'];
export type HistoryPage = components['schemas']['HistoryPage'];
/** names[field][id]: the names of the ids a page's rows hold (see HistoryPage.names). */
export type HistoryNames = HistoryPage['names'];

/** The audit grid's page sizes (spec part 2 §9); the server accepts these and no other. */
export const AUDIT_PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_AUDIT_PAGE_SIZE = 20;

export interface HistoryQuery {
  kind: AuditKind;
  id: number;
  page: number;
  pageSize: number;
}

/** One page of a record's history, newest first. */
export function getHistory({ kind, id, page, pageSize }: HistoryQuery) {
  const params = { path: { id }, query: { page, pageSize } };
  switch (kind) {
    case 'bookings':
      return unwrap(api.GET('/history/booking/{id}', { params }));
    case 'users':
      return unwrap(api.GET('/history/user/{id}', { params }));
    case 'entities':
      return unwrap(api.GET('/history/entity/{id}', { params }));
    case 'legal-entities':
      return unwrap(api.GET('/history/legal-entity/{id}', { params }));
  }
}

export const historyKeys = {
  all: ['history'] as const,
  page: (q: HistoryQuery) => [...historyKeys.all, q.kind, q.id, q.page, q.pageSize] as const,
};

export const historyQueryOptions = (q: HistoryQuery) =>
  queryOptions({
    queryKey: historyKeys.page(q),
    queryFn: () => getHistory(q),
    placeholderData: keepPreviousData,
  });
