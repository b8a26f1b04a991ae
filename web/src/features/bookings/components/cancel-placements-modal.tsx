import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { bookingPageToasts } from '@/lib/errors/catalogue';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import {
  CANCELLATION_REASONS,
  DEFAULT_CANCELLATION_REASON,
  cancellationReason,
} from '@/lib/status/cancellation';
import type { CancelPlacementsBody } from '../api/bookings';

interface Props {
  placementIds: number[];
  onClose: () => void;
  onSubmit: (body: CancelPlacementsBody) => Promise<unknown>;
  onDone: () => void;
}

export const cancelPlacementsMessages = {
  preset: 'Choose a reason',
  custom: 'Enter a reason',
} as const;

/**
 * Cancel Placements (spec part 2 §5's cancel dialog): a preset and a custom reason, both
 * required; the placements are cancelled and their live instructions with them.
 */
export function CancelPlacementsModal({ placementIds, onClose, onSubmit, onDone }: Props) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { preset: DEFAULT_CANCELLATION_REASON as string, custom: '' },
    validate: {
      preset: (v: string) => (v ? null : cancelPlacementsMessages.preset),
      custom: (v: string) => (v.trim() ? null : cancelPlacementsMessages.custom),
    },
  });
  const count = placementIds.length;
  const submit = form.onSubmit(async (v) => {
    try {
      const res = await onSubmit({
        ids: placementIds,
        cancellationReason: cancellationReason(v.preset, v.custom),
      });
      const updated = (res as { updated?: number } | undefined)?.updated ?? count;
      notify(bookingPageToasts.placementsCancelled(updated));
      onDone();
      onClose();
    } catch (err) {
      notify(applyServerErrors(form, err));
    }
  });
  return (
    <Modal opened onClose={onClose} title="Cancel Placements">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Cancel {count} {count === 1 ? 'placement' : 'placements'} and every live instruction on{' '}
            {count === 1 ? 'it' : 'them'}.
          </Text>
          <Select
            label="Reason"
            data={[...CANCELLATION_REASONS]}
            allowDeselect={false}
            withAsterisk
            {...form.getInputProps('preset')}
          />
          <Textarea
            label="Custom reason"
            withAsterisk
            rows={3}
            maxLength={400}
            {...form.getInputProps('custom')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" color="red" loading={form.submitting}>
              Cancel Placements
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
