import { Modal, Stack, Text } from '@mantine/core';
import { cancellationReason } from '@/lib/status/cancellation';
import {
  CancellationReasonFields,
  useCancellationReasonForm,
} from '@/features/bookings/booking/components/cancellation-reason';
import { DialogActions } from '@/ui/dialog-actions';
import { countOf } from '@/lib/format';

interface Props {
  count: number;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  /** Called with the final reason (the custom text prefixed by the preset when different). */
  onConfirm: (reason: string) => void;
}

/** Cancel dialog (spec part 2 §5): preset reason and custom reason, both required. */
export function CancelModal({ count, opened, pending, onClose, onConfirm }: Props) {
  const form = useCancellationReasonForm();
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Cancel instructions">
      <form
        noValidate
        onSubmit={form.onSubmit((v) => onConfirm(cancellationReason(v.preset, v.custom)))}
      >
        <Stack>
          <Text size="sm">Cancel {countOf(count, 'instruction')}.</Text>
          <CancellationReasonFields form={form} variant="instructions" />
          <DialogActions onBack={close} color="red" loading={pending}>
            Cancel instructions
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
