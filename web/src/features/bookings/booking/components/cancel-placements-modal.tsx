import { Modal, Stack, Text } from '@mantine/core';
import { bookingPageToasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { cancellationReason } from '@/lib/status/cancellation';
import type { CancelPlacementsBody } from '../api/cancel-placements';
import { CancellationReasonFields, useCancellationReasonForm } from './cancellation-reason';
import { DialogActions } from '@/ui/dialog-actions';
import { countOf } from '@/lib/format';

interface Props {
  placementIds: number[];
  onClose: () => void;
  onSubmit: (body: CancelPlacementsBody) => Promise<unknown>;
  onDone: () => void;
}

/**
 * Cancel Placements (spec part 2 §5's cancel dialog): a preset and a custom reason, both
 * required; the placements are cancelled and their live instructions with them.
 */
export function CancelPlacementsModal({ placementIds, onClose, onSubmit, onDone }: Props) {
  const form = useCancellationReasonForm();
  const count = placementIds.length;
  const submit = form.onSubmit(
    withServerErrors(form, async (v) => {
      const res = await onSubmit({
        ids: placementIds,
        cancellationReason: cancellationReason(v.preset, v.custom),
      });
      const updated = (res as { updated?: number } | undefined)?.updated ?? count;
      notify(bookingPageToasts.placementsCancelled(updated));
      onDone();
      onClose();
    }),
    refusedSubmit,
  );
  return (
    <Modal opened onClose={onClose} title="Cancel Placements">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Cancel {countOf(count, 'placement')} and every live instruction on{' '}
            {count === 1 ? 'it' : 'them'}.
          </Text>
          <CancellationReasonFields form={form} variant="placements" />
          <DialogActions onBack={onClose} color="red" loading={form.submitting}>
            Cancel Placements
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
