import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { invoiceToasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { DialogActions } from '@/ui/dialog-actions';
import { useUpdateInvoice } from '../api/update-invoice';
import type { Invoice } from '../rules';

/** Void an invoice with a reason; the server issues its credit note. */
export function VoidDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const update = useUpdateInvoice(invoice.id);
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (v) => (v.trim() ? null : 'Give a reason for voiding the invoice.') },
  });
  const submit = form.onSubmit(
    withServerErrors(form, async (v: { reason: string }) => {
      await update.mutateAsync({
        status: 'void',
        reason: v.reason.trim(),
        version: invoice.version,
      });
      notify(invoiceToasts.voided(invoice.number));
      onClose();
    }),
    refusedSubmit,
  );
  return (
    <Modal opened onClose={onClose} title={`Void ${invoice.number}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            An issued invoice never changes: voiding it issues a credit note with its own number,
            and its timesheets can be invoiced again.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('reason')}
          />
          <DialogActions onBack={onClose} color="red" loading={update.isPending}>
            Void invoice
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
