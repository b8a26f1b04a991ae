import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { timesheetKeys } from './get-timesheets';

/** Removes an expense's receipt and answers the timesheet as it now is. */
export function useDeleteReceipt(timesheetId: number, expenseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.DELETE('/timesheet/{id}/expense/{expenseId}/receipt', {
          params: { path: { id: timesheetId, expenseId } },
        }),
      ),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
