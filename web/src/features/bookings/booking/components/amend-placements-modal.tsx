import { Alert, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { bookingPageToasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import type { Placement } from '../rules';
import type { PlacementAmendment } from '../api/amend-placements';
import {
  amendInitialValues,
  amendMessages,
  amendPayload,
  differentPeriods,
  validateAmend,
  type AmendPlacementValues,
} from '../rules';
import { DialogActions } from '@/ui/dialog-actions';
import { countOf } from '@/lib/format';
import { TimeOfDayInput } from '@/ui/time-of-day-input';

interface Props {
  placements: Placement[];
  onClose: () => void;
  /** Sends the amendments; rejects with the server's error. */
  onSubmit: (body: PlacementAmendment[]) => Promise<unknown>;
  onDone: () => void;
}

/** Amend Placements: one set of title, times, notes and breaks for the selected placements. */
export function AmendPlacementsModal({ placements, onClose, onSubmit, onDone }: Props) {
  const form = useForm<AmendPlacementValues>({
    mode: 'controlled',
    initialValues: amendInitialValues(placements),
    validate: validateAmend,
  });
  const count = placements.length;
  const submit = form.onSubmit(
    withServerErrors(form, async (values) => {
      await onSubmit(amendPayload(placements, values));
      notify(bookingPageToasts.placementsAmended(count));
      onDone();
      onClose();
    }),
    refusedSubmit,
  );
  return (
    <Modal opened onClose={onClose} title="Amend Placements">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Amend {countOf(count, 'placement')}.</Text>
          {differentPeriods(placements) && (
            <Alert color="orange" title="Different periods" role="alert">
              {amendMessages.differentPeriods}
            </Alert>
          )}
          <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
          <Group grow align="start">
            <TimeOfDayInput label="Start time" {...form.getInputProps('startTime')} />
            <TimeOfDayInput label="End time" {...form.getInputProps('endTime')} />
          </Group>
          <NumberInput
            label="Unpaid breaks (minutes)"
            withAsterisk
            min={0}
            allowDecimal={false}
            {...form.getInputProps('unpaidBreaks')}
          />
          <Textarea label="Supplier notes" rows={3} {...form.getInputProps('supplierNotes')} />
          <DialogActions onBack={onClose} loading={form.submitting}>
            Amend Placements
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
