import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { invoiceToasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { DateInput } from '@/ui/date-input';
import { DialogActions } from '@/ui/dialog-actions';
import { useUpdateInvoice } from '../api/update-invoice';
import { defaultPaidOn, formatMoney, type Invoice } from '../rules';

/** Mark an invoice paid on a date (from its issue date to today). */
export function MarkPaidDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const update = useUpdateInvoice(invoice.id);
  const form = useForm({
    initialValues: { paidOn: defaultPaidOn(invoice.issueDate) as string | null },
    validate: { paidOn: (v) => (v ? null : 'Give the date the invoice was paid.') },
  });
  const submit = form.onSubmit(
    withServerErrors(form, async (v: { paidOn: string | null }) => {
      await update.mutateAsync({
        status: 'paid',
        paidOn: v.paidOn ?? '',
        version: invoice.version,
      });
      notify(invoiceToasts.paid(invoice.number));
      onClose();
    }),
    refusedSubmit,
  );
  return (
    <Modal opened onClose={onClose} title={`Mark ${invoice.number} paid`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {formatMoney(invoice.totalMinor, invoice.currency)} to {invoice.supplier.name}.
          </Text>
          <DateInput
            label="Paid on"
            required
            minDate={invoice.issueDate}
            valueFormat="ddd, DD MMM YYYY"
            {...form.getInputProps('paidOn')}
          />
          <DialogActions onBack={onClose} loading={update.isPending}>
            Mark paid
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
