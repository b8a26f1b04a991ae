import { api, unwrap } from '@/api/client';
import type { HistoryPageQuery } from '../rules';

/** One page of the history of a user, newest first. */
export const getUserHistory = ({ id, page, pageSize }: HistoryPageQuery) =>
  unwrap(api.GET('/history/user/{id}', { params: { path: { id }, query: { page, pageSize } } }));
