import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { accountKeys } from '@/lib/query-keys';
import { timesheetKeys } from './get-timesheets';

/** Approves a submitted timesheet (a manager of its department); says so, refreshes lists and counts. */
export function useApproveTimesheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.POST('/timesheet/{id}/approve', { params: { path: { id } } })),
    onSuccess: () => {
      notify(toasts.timesheetApproved);
      return Promise.all([
        client.invalidateQueries({ queryKey: timesheetKeys.all }),
        client.invalidateQueries({ queryKey: accountKeys.whoami() }),
      ]);
    },
  });
}
