import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { accountKeys } from '@/lib/query-keys';
import { timesheetKeys } from './get-timesheets';

/**
 * Submits the freelancer's timesheets ids, all or none; says so, and refreshes the lists and the
 * counts (the toast comes first: the card that asked may be gone once the list is refreshed).
 * With inPlace the caller shows a refusal itself (no error toast).
 */
export function useSubmitTimesheets({ inPlace = false }: { inPlace?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => unwrap(api.POST('/timesheet/submit', { body: { ids } })),
    meta: inPlace ? { silentErrors: true } : undefined,
    onSuccess: (done) => {
      notify(toasts.timesheetsSubmitted(done?.length ?? 0));
      return Promise.all([
        client.invalidateQueries({ queryKey: timesheetKeys.all }),
        client.invalidateQueries({ queryKey: accountKeys.whoami() }),
      ]);
    },
  });
}
