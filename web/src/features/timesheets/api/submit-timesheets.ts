import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys } from '@/lib/query-keys';
import { timesheetKeys } from './get-timesheets';

/** Submits the freelancer's timesheets ids, all or none; refreshes the lists and the counts. */
export function useSubmitTimesheets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => unwrap(api.POST('/timesheet/submit', { body: { ids } })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: timesheetKeys.all }),
        client.invalidateQueries({ queryKey: accountKeys.whoami() }),
      ]),
  });
}
