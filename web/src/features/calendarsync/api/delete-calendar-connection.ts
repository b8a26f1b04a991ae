import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { calendarSyncKeys } from './get-calendar-connections';

/** Disconnects the caller's calendar (DELETE /calendar-connection/{id}). */
export const deleteCalendarConnection = (id: number) =>
  unwrap(api.DELETE('/calendar-connection/{id}', { params: { path: { id } } }));

export function useDeleteCalendarConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarConnection,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarSyncKeys.all }),
  });
}
