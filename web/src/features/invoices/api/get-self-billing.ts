import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { invoiceKeys } from './list-invoices';

/** A legal entity's self-billing agreement. */
export const selfBillingQueryOptions = (legalEntityId: number) =>
  queryOptions({
    queryKey: invoiceKeys.selfBilling(legalEntityId),
    queryFn: () =>
      unwrap(
        api.GET('/legal-entity/{id}/self-billing', { params: { path: { id: legalEntityId } } }),
      ),
  });
