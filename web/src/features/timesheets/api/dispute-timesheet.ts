import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import { accountKeys } from '@/lib/query-keys';
import { timesheetKeys } from './get-timesheets';

/** Disputes a submitted timesheet with a reason; the dialog's form shows refusals. */
export const useDisputeTimesheet = (id: number) =>
  useFormMutation(
    (reason: string) =>
      unwrap(api.POST('/timesheet/{id}/dispute', { params: { path: { id } }, body: { reason } })),
    { refresh: [timesheetKeys.all, accountKeys.whoami()] },
  );
