import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendFile } from '@/features/people';
import type { Timesheet } from './get-timesheets';
import { timesheetKeys } from './get-timesheets';

/** Where an expense's receipt is downloaded (and uploaded: a multipart form, field "file"). */
export const receiptUrl = (timesheetId: number, expenseId: number) =>
  `/api/v1/timesheet/${timesheetId}/expense/${expenseId}/receipt`;

/** Attaches a receipt to an expense (replacing any) and answers the timesheet as it now is. */
export async function uploadReceipt(
  timesheetId: number,
  expenseId: number,
  file: File,
): Promise<Timesheet> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await sendFile(receiptUrl(timesheetId, expenseId), {
    method: 'POST',
    body: form,
  })) as Timesheet;
}

export function useUploadReceipt(timesheetId: number, expenseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadReceipt(timesheetId, expenseId, file),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
