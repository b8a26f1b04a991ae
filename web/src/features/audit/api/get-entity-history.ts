import { api, unwrap } from '@/api/client';
import type { HistoryPageQuery } from '../rules';

/** One page of the history of a entity, newest first. */
export const getEntityHistory = ({ id, page, pageSize }: HistoryPageQuery) =>
  unwrap(api.GET('/history/entity/{id}', { params: { path: { id }, query: { page, pageSize } } }));
