import { Anchor, Button, FileButton, Group, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/api/errors';
import { useDeleteReceipt } from '../api/delete-receipt';
import type { Expense } from '../api/get-timesheets';
import { receiptUrl, useUploadReceipt } from '../api/upload-receipt';
import { RECEIPT_ACCEPT, MSG_RECEIPT_UNSAVED, receiptSizeError } from '../rules';

type Receipt = Pick<Expense, 'receiptName' | 'receiptSize'>;

/**
 * An expense's receipt on the editor's expense row: a download link when there is one, and for
 * the freelancer (canEdit) attach, replace and remove. A new expense must be saved first: the
 * server keeps receipts per saved expense. Refusals show the server's reason.
 */
export function ExpenseReceipt({
  timesheetId,
  expenseId,
  expense,
  index,
  canEdit,
}: {
  timesheetId: number;
  expenseId: number;
  expense?: Receipt;
  index: number;
  canEdit: boolean;
}) {
  const [receipt, setReceipt] = useState<Receipt | undefined>(expense);
  const [error, setError] = useState('');
  const upload = useUploadReceipt(timesheetId, expenseId);
  const remove = useDeleteReceipt(timesheetId, expenseId);
  if (!expenseId) {
    return canEdit ? (
      <Text size="xs" c="dimmed">
        {MSG_RECEIPT_UNSAVED}
      </Text>
    ) : null;
  }
  const failed = (err: unknown) =>
    setError(isApiError(err) && err.message ? err.message : 'The receipt could not be changed.');
  const answered = (t: { expenses?: Expense[] | null }) => {
    setError('');
    setReceipt(t.expenses?.find((e) => e.id === expenseId));
  };
  const onFile = (file: File | null) => {
    if (!file) return;
    const tooLarge = receiptSizeError(file.size);
    if (tooLarge) {
      setError(tooLarge);
      return;
    }
    upload.mutate(file, { onSuccess: answered, onError: failed });
  };
  const name = receipt?.receiptName ?? '';
  return (
    <Group gap="xs" wrap="wrap" style={{ flexBasis: '100%' }}>
      {name ? (
        <Anchor href={receiptUrl(timesheetId, expenseId)} download={name} size="sm">
          Receipt: {name}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          No receipt.
        </Text>
      )}
      {canEdit && (
        <FileButton onChange={onFile} accept={RECEIPT_ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              loading={upload.isPending}
              aria-label={`${name ? 'Replace' : 'Attach'} receipt for expense ${index + 1}`}
            >
              {name ? 'Replace receipt' : 'Attach receipt'}
            </Button>
          )}
        </FileButton>
      )}
      {canEdit && name && (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={14} aria-hidden />}
          loading={remove.isPending}
          aria-label={`Remove receipt for expense ${index + 1}`}
          onClick={() => remove.mutate(undefined, { onSuccess: answered, onError: failed })}
        >
          Remove receipt
        </Button>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
