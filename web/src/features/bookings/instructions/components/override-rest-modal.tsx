import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { DialogActions } from '@/ui/dialog-actions';
import { useOverrideWorkingTime } from '../api/override-working-time';

/** The reason is required, as the server says (bookings.MsgOverrideReason). */
export const MSG_OVERRIDE_REASON = 'A reason is required to override the rest rule';

interface Props {
  instructionId: number;
  /** The freelancer's name, to say whose rest is overridden. */
  name: string;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Override rest rule: a manager lets one instruction be accepted although it leaves
 * the freelancer less rest than the entity's limits, for a reason that is recorded in its history.
 */
export function OverrideRestModal({ instructionId, name, onClose, onDone }: Props) {
  const override = useOverrideWorkingTime();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: { reason: (v) => (v.trim() ? null : MSG_OVERRIDE_REASON) },
  });
  const submit = withServerErrors(form, async (v: { reason: string }) => {
    await override.mutateAsync({ id: instructionId, reason: v.reason.trim() });
    notify(toasts.restOverridden);
    onDone();
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title="Override rest rule">
      <form noValidate onSubmit={form.onSubmit(submit, refusedSubmit)}>
        <Stack>
          <Text size="sm">
            {name} may then accept this offer with less rest than the booking rules require. The
            reason is kept in the instruction&apos;s history.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('reason')}
          />
          <DialogActions onBack={onClose} loading={override.isPending}>
            Override rest rule
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
