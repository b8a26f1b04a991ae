import { api, unwrap } from '@/api/client';
import type { HistoryPageQuery } from '../rules';

/** One page of the history of a legal entity, newest first. */
export const getLegalEntityHistory = ({ id, page, pageSize }: HistoryPageQuery) =>
  unwrap(
    api.GET('/history/legal-entity/{id}', { params: { path: { id }, query: { page, pageSize } } }),
  );
