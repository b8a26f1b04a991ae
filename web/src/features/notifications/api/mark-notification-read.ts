import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { notificationKeys } from '@/lib/query-keys';

/** Sets a notification's read receipt to now (only its recipient may). */
export const markNotificationRead = (id: number) =>
  unwrap(
    api.PATCH('/notification/{id}', {
      params: { path: { id } },
      body: { readReceipt: new Date().toISOString() },
    }),
  );

/**
 * Marks a notification read: the detail takes the server's answer, and the lists (bold rows)
 * and the top bar's unread count are read again.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (notification, id) => {
      queryClient.setQueryData(notificationKeys.detail(id), notification);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.stats() }),
      ]);
    },
  });
}
