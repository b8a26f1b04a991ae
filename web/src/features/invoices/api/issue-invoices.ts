import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { Schemas } from '@/api/types';
import { invoiceKeys } from './list-invoices';

export type IssueRequest = Schemas['IssueBody'];

/** Issues a client's invoices from its approved timesheets up to a date; refreshes the lists. */
export function useIssueInvoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueRequest) => unwrap(api.POST('/invoice/issue', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
