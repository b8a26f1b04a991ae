import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CANCELLATION_REASONS,
  DEFAULT_CANCELLATION_REASON,
  cancellationReason,
} from '@/lib/status/cancellation';

interface Props {
  count: number;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  /** Called with the final reason (the custom text prefixed by the preset when different). */
  onConfirm: (reason: string) => void;
}

interface Values {
  preset: string;
  custom: string;
}

/** Cancel dialog (spec part 2 §5): preset reason and custom reason, both required. */
export function CancelModal({ count, opened, pending, onClose, onConfirm }: Props) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { preset: DEFAULT_CANCELLATION_REASON, custom: '' },
    validate: {
      preset: (v) => (v ? null : 'Choose a reason'),
      custom: (v) => (v.trim() ? null : 'Enter a reason'),
    },
  });
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
          <Text size="sm">
            Cancel {count} {count === 1 ? 'instruction' : 'instructions'}.
          </Text>
          <Select
            label="Reason"
            data={[...CANCELLATION_REASONS]}
            allowDeselect={false}
            required
            {...form.getInputProps('preset')}
          />
          <Textarea
            label="Custom reason"
            required
            autosize
            minRows={2}
            maxLength={400}
            {...form.getInputProps('custom')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Back
            </Button>
            <Button type="submit" color="red" loading={pending}>
              Cancel instructions
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
