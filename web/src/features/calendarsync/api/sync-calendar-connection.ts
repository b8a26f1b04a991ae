import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { calendarSyncKeys } from './get-calendar-connections';

/** Sync now: the connection as the sync left it (POST /calendar-connection/{id}/sync). */
export const syncCalendarConnection = (id: number) =>
  unwrap(api.POST('/calendar-connection/{id}/sync', { params: { path: { id } } }));

export function useSyncCalendarConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncCalendarConnection,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarSyncKeys.all }),
  });
}
