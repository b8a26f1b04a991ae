import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { calendarSyncKeys } from './get-calendar-connections';

/** Changes the sync interval (PATCH /calendar-connection/{id}). */
export const updateCalendarConnection = ({
  id,
  intervalMinutes,
}: {
  id: number;
  intervalMinutes: number;
}) =>
  unwrap(
    api.PATCH('/calendar-connection/{id}', { params: { path: { id } }, body: { intervalMinutes } }),
  );

export function useUpdateCalendarConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCalendarConnection,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarSyncKeys.all }),
  });
}
