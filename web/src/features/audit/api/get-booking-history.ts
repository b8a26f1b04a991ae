import { api, unwrap } from '@/api/client';
import type { HistoryPageQuery } from '../rules';

/** One page of the history of a booking, newest first. */
export const getBookingHistory = ({ id, page, pageSize }: HistoryPageQuery) =>
  unwrap(api.GET('/history/booking/{id}', { params: { path: { id }, query: { page, pageSize } } }));
