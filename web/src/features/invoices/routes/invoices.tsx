import { Group, Loader, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { isFreelancer } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { RetryAlert } from '@/ui/retry-alert';
import { invoicesQueryOptions, type InvoiceFilter } from '../api/list-invoices';
import { CurrencyTotals } from '../components/currency-totals';
import { InvoiceCard } from '../components/invoice-card';
import { IssueForm } from '../components/issue-form';
import { MarkPaidDialog } from '../components/mark-paid-dialog';
import { VoidDialog } from '../components/void-dialog';
import {
  canIssueInvoices,
  messages,
  STATUS_FILTERS,
  type Invoice,
  type InvoiceStatusFilter,
} from '../rules';

const PAGE_SIZE = 20;

/**
 * /invoices: the self-billed invoices and credit notes the user may see. A freelancer sees those
 * billing their work (with the client named); a manager those of what they manage, with totals
 * per currency, the Issue invoices form, and Mark paid and Void on each issued invoice.
 */
export function Component() {
  const user = useCurrentUser();
  const [filter, setFilter] = useState<InvoiceFilter>({
    status: '',
    currency: '',
    page: 1,
    pageSize: PAGE_SIZE,
  });
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [voiding, setVoiding] = useState<Invoice | null>(null);
  const q = useQuery(invoicesQueryOptions(filter));
  const side = isFreelancer(user) ? 'supplier' : 'client';
  const filtered = filter.status !== '' || filter.currency !== '';
  return (
    <Stack gap="md">
      <PageHeader title="Invoices" />
      {canIssueInvoices(user) && <IssueForm />}
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Status"
          data={STATUS_FILTERS}
          value={filter.status}
          allowDeselect={false}
          onChange={(v) =>
            setFilter({ ...filter, status: (v ?? '') as InvoiceStatusFilter, page: 1 })
          }
          style={{ flex: '0 1 12rem' }}
        />
        <TextInput
          label="Currency"
          placeholder="All"
          maxLength={3}
          value={filter.currency}
          onChange={(e) =>
            setFilter({ ...filter, currency: e.currentTarget.value.toUpperCase(), page: 1 })
          }
          style={{ flex: '0 1 8rem' }}
        />
      </Group>
      <section aria-label="Invoices">
        {q.isPending ? (
          <Stack align="center" py="lg" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Loading invoices...</Text>
          </Stack>
        ) : q.isError ? (
          <RetryAlert title="Invoices" onRetry={() => void q.refetch()}>
            <Text size="sm">{messages.loadFailed}</Text>
          </RetryAlert>
        ) : q.data.total === 0 ? (
          <Text c="dimmed">{filtered ? messages.noneFiltered : messages.none}</Text>
        ) : (
          <Stack gap="md">
            {side === 'client' && <CurrencyTotals totals={q.data.totals} />}
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {q.data.items.map((inv) => (
                <InvoiceCard
                  key={inv.id}
                  invoice={inv}
                  side={side}
                  onMarkPaid={setPaying}
                  onVoid={setVoiding}
                />
              ))}
            </Stack>
            {q.data.total > PAGE_SIZE && (
              <Pagination
                total={Math.ceil(q.data.total / PAGE_SIZE)}
                value={filter.page}
                onChange={(page) => setFilter({ ...filter, page })}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            )}
          </Stack>
        )}
      </section>
      {paying && <MarkPaidDialog invoice={paying} onClose={() => setPaying(null)} />}
      {voiding && <VoidDialog invoice={voiding} onClose={() => setVoiding(null)} />}
    </Stack>
  );
}
