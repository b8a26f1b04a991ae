import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { toasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { CURRENCIES } from '@/lib/rates';
import { DialogActions } from '@/ui/dialog-actions';
import { DialogForm } from '@/ui/dialog-form';
import { TimeOfDayInput } from '@/ui/time-of-day-input';
import type { Timesheet } from '../api/get-timesheets';
import { useUpdateTimesheet } from '../api/update-timesheet';
import { ExpenseReceipt } from './expense-receipt';
import { bodyOf, formFieldOf, validateTimesheet, valuesOf, type TimesheetValues } from '../rules';

/**
 * The freelancer's correction of a timesheet: the actual start and end (local HH:mm; an end at
 * or before the start is the next day), unpaid breaks, expenses and a note.
 */
export function EditTimesheetDialog({
  timesheet,
  onClose,
}: {
  timesheet: Timesheet;
  onClose: () => void;
}) {
  const save = useUpdateTimesheet(timesheet.id);
  const form = useForm<TimesheetValues>({
    mode: 'controlled',
    initialValues: valuesOf(timesheet),
    validate: validateTimesheet,
  });
  const onto = {
    setErrors: (errors: Record<string, string>) => {
      const mapped: Record<string, string> = {};
      for (const [field, msg] of Object.entries(errors)) mapped[formFieldOf(field)] = msg;
      form.setErrors(mapped);
    },
  };
  const submit = withServerErrors(onto, async (values: TimesheetValues) => {
    await save.mutateAsync(bodyOf(values, timesheet.version));
    notify(toasts.timesheetSaved);
    onClose();
  });
  const expenses = form.getValues().expenses;
  return (
    <Modal opened onClose={onClose} title={`Timesheet: ${timesheet.job}`} size="lg">
      <DialogForm aria-label="Timesheet" onSubmit={form.onSubmit(submit, refusedSubmit)}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {timesheet.placement} on {timesheet.date}, scheduled {timesheet.scheduledStartTime} to{' '}
            {timesheet.scheduledEndTime} ({timesheet.timezone}). An end at or before the start is
            the next day.
          </Text>
          <Group grow align="flex-start">
            <TimeOfDayInput label="Actual start" {...form.getInputProps('startTime')} />
            <TimeOfDayInput label="Actual end" {...form.getInputProps('endTime')} />
          </Group>
          <NumberInput
            label="Unpaid breaks (minutes)"
            min={0}
            max={1440}
            allowDecimal={false}
            {...form.getInputProps('breakMinutes')}
          />
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={500} size="sm">
              Expenses
            </Text>
            {expenses.length === 0 && (
              <Text size="sm" c="dimmed">
                No expenses.
              </Text>
            )}
            {expenses.map((e, i) => (
              <Group key={e.id || `new-${i}`} align="flex-end" wrap="wrap" gap="xs">
                <TextInput
                  label={`Expense ${i + 1}`}
                  placeholder="What for"
                  style={{ flex: '2 1 10rem' }}
                  {...form.getInputProps(`expenses.${i}.description`)}
                />
                <NumberInput
                  label="Amount"
                  min={0.01}
                  decimalScale={2}
                  style={{ flex: '1 1 6rem' }}
                  {...form.getInputProps(`expenses.${i}.amount`)}
                />
                <Select
                  label="Currency"
                  data={[...CURRENCIES]}
                  allowDeselect={false}
                  style={{ flex: '0 1 6rem' }}
                  {...form.getInputProps(`expenses.${i}.currency`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove expense ${i + 1}`}
                  onClick={() => form.removeListItem('expenses', i)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
                <ExpenseReceipt
                  timesheetId={timesheet.id}
                  expenseId={e.id}
                  expense={timesheet.expenses?.find((x) => x.id === e.id)}
                  index={i}
                  canEdit={timesheet.actions.canEdit}
                />
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() =>
                  form.insertListItem('expenses', {
                    id: 0,
                    description: '',
                    amount: '',
                    currency: timesheet.currency,
                  })
                }
              >
                Add expense
              </Button>
            </Group>
          </Stack>
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('note')}
          />
          <DialogActions onBack={onClose} backLabel="Cancel" loading={form.submitting}>
            Save
          </DialogActions>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
