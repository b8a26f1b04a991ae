import { Table } from '@mantine/core';
import type { CurrencyTotal } from '../rules';
import { formatMoney } from '../rules';

/** The totals per currency of the invoices selected: standing, still to pay, overdue. */
export function CurrencyTotals({ totals }: { totals: CurrencyTotal[] }) {
  if (totals.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label="Totals per currency" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Currency</Table.Th>
            <Table.Th ta="right">Invoiced</Table.Th>
            <Table.Th ta="right">To pay</Table.Th>
            <Table.Th ta="right">Overdue</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((t) => (
            <Table.Tr key={t.currency}>
              <Table.Td>{t.currency}</Table.Td>
              <Table.Td ta="right">{formatMoney(t.totalMinor, t.currency)}</Table.Td>
              <Table.Td ta="right">{formatMoney(t.outstandingMinor, t.currency)}</Table.Td>
              <Table.Td ta="right" c={t.overdueMinor > 0 ? 'red.8' : undefined}>
                {formatMoney(t.overdueMinor, t.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
