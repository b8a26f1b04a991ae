import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { invoiceKeys } from './list-invoices';

/** Agrees to self-billing or withdraws, for the legal entity's managers. */
export function useSetSelfBilling(legalEntityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { agreed: boolean; version: number }) =>
      unwrap(
        api.PUT('/legal-entity/{id}/self-billing', {
          params: { path: { id: legalEntityId } },
          body,
        }),
      ),
    onSuccess: (data) => client.setQueryData(invoiceKeys.selfBilling(legalEntityId), data),
  });
}
