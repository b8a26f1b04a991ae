import { api, unwrap } from '@/api/client';
import type { GridQuery } from '@/ui/data-grid';
import { listQuery } from '../rules';

/** One user's notifications (administrators only; the server refuses everyone else). */
export const listNotificationsByUser = (userId: number, q: GridQuery) =>
  unwrap(
    api.GET('/notification/by-user/{id}', {
      params: { path: { id: userId }, query: listQuery(q) },
    }),
  );
