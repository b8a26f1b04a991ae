import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HistoryQuery } from '../rules';
import { getBookingHistory } from './get-booking-history';
import { getEntityHistory } from './get-entity-history';
import { getLegalEntityHistory } from './get-legal-entity-history';
import { getUserHistory } from './get-user-history';

/** One page of a record's history, newest first, from the endpoint of the record's kind. */
export function getHistory(q: HistoryQuery) {
  switch (q.kind) {
    case 'bookings':
      return getBookingHistory(q);
    case 'users':
      return getUserHistory(q);
    case 'entities':
      return getEntityHistory(q);
    case 'legal-entities':
      return getLegalEntityHistory(q);
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
