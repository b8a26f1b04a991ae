import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { DialogActions } from '@/ui/dialog-actions';
import { DialogForm } from '@/ui/dialog-form';
import { useDisputeTimesheet } from '../api/dispute-timesheet';
import type { Timesheet } from '../api/get-timesheets';

export const MSG_REASON = 'Say why you dispute this timesheet.';

/** A manager disputes a submitted timesheet with a reason, which sends it back to its freelancer. */
export function DisputeDialog({
  timesheet,
  onClose,
}: {
  timesheet: Timesheet;
  onClose: () => void;
}) {
  const dispute = useDisputeTimesheet(timesheet.id);
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: { reason: (v: string) => (v.trim() ? null : MSG_REASON) },
  });
  const submit = withServerErrors(form, async (v: { reason: string }) => {
    await dispute.mutateAsync(v.reason.trim());
    notify(toasts.timesheetDisputed);
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title="Dispute timesheet">
      <DialogForm aria-label="Dispute timesheet" onSubmit={form.onSubmit(submit, refusedSubmit)}>
        <Stack gap="sm">
          <Text size="sm">
            {timesheet.userName}: {timesheet.job}, {timesheet.placement} on {timesheet.date}. The
            freelancer reads your reason, corrects the timesheet and submits it again.
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={3}
            maxLength={1000}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <DialogActions onBack={onClose} backLabel="Cancel" color="red" loading={form.submitting}>
            Dispute
          </DialogActions>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
