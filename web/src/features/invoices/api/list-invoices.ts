import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { InvoiceStatusFilter } from '../rules';

/** The invoices feature's query keys. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (f: InvoiceFilter) => [...invoiceKeys.all, 'list', f] as const,
  selfBilling: (legalEntityId: number) => ['self-billing', legalEntityId] as const,
};

export interface InvoiceFilter {
  status: InvoiceStatusFilter;
  currency: string;
  page: number;
  pageSize: number;
}

/** A page of the invoices the caller may see, with the totals per currency of all selected. */
export const invoicesQueryOptions = (f: InvoiceFilter) =>
  queryOptions({
    queryKey: invoiceKeys.list(f),
    queryFn: async () => {
      const page = await unwrap(
        api.GET('/invoice', {
          params: {
            query: {
              page: f.page,
              pageSize: f.pageSize,
              status: f.status || undefined,
              currency: f.currency || undefined,
            },
          },
        }),
      );
      return { items: page.items ?? [], total: page.total, totals: page.totals ?? [] };
    },
    placeholderData: keepPreviousData,
  });
