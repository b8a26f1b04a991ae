import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { Schemas } from '@/api/types';
import { invoiceKeys } from './list-invoices';

export type InvoiceChange = Schemas['UpdateInvoiceBody'];

/** Marks an invoice paid or voids it (which issues its credit note); refreshes the lists. */
export function useUpdateInvoice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceChange) =>
      unwrap(api.PATCH('/invoice/{id}', { params: { path: { id } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
