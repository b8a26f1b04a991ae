import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { invoiceToasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { searchClients } from '@/lib/pickers';
import { DateInput } from '@/ui/date-input';
import { RecordPicker } from '@/ui/record-picker';
import { useIssueInvoices } from '../api/issue-invoices';
import { todayIso } from '../rules';

interface Values {
  clientId: string | null;
  through: string | null;
}

/**
 * Issue invoices: a client's managers issue the self-billed invoices of its approved timesheets
 * worked up to a date, one per supplier, currency and billing period.
 */
export function IssueForm() {
  const issue = useIssueInvoices();
  const form = useForm<Values>({
    initialValues: { clientId: null, through: todayIso() },
    validate: {
      clientId: (v) => (v ? null : 'Choose the client whose timesheets are invoiced.'),
      through: (v) => (v ? null : 'Give the last work date to invoice.'),
    },
  });
  const submit = form.onSubmit(
    withServerErrors(form, async (v: Values) => {
      const res = await issue.mutateAsync({
        clientId: Number(v.clientId),
        through: v.through ?? '',
      });
      notify(invoiceToasts.issued(res.items?.length ?? 0));
    }),
    refusedSubmit,
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="issue-invoices">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fw={600} id="issue-invoices">
            Issue invoices
          </Text>
          <Text size="sm" c="dimmed">
            Self-billed invoices of the approved timesheets of suppliers who agreed to self-billing,
            one per supplier, currency and billing period.
          </Text>
          <Group align="flex-end" wrap="wrap">
            <RecordPicker
              kind="entity:client"
              search={searchClients}
              label="Client"
              placeholder="Choose a client"
              required
              style={{ flex: '1 1 14rem' }}
              {...form.getInputProps('clientId')}
            />
            <DateInput
              label="Work up to"
              required
              valueFormat="ddd, DD MMM YYYY"
              style={{ flex: '1 1 12rem' }}
              {...form.getInputProps('through')}
            />
            <Button type="submit" loading={issue.isPending}>
              Issue invoices
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
