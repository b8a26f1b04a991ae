import { Badge, Checkbox, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { PlacementRow } from '../api/types';
import { colourOf, mantineColour, statusLabel } from '../status/status';

const rowKey = (r: PlacementRow) => `${r.placement.id}:${r.instruction?.id ?? 'none'}`;

/**
 * The Placements section's rows: one per instruction of each placement, or 'No user assigned';
 * times in the department's zone; the combined status colour; rates by the viewer's rights.
 */
export function PlacementsTable({
  rows,
  selected,
  onSelect,
  isAdmin,
  highlightPlacementId,
}: {
  rows: PlacementRow[];
  selected: Set<string>;
  onSelect: (next: Set<string>) => void;
  isAdmin: boolean;
  highlightPlacementId?: number;
}) {
  const all = rows.length > 0 && rows.every((r) => selected.has(rowKey(r)));
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelect(next);
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                aria-label="Select all rows"
                checked={all}
                onChange={() => onSelect(all ? new Set() : new Set(rows.map(rowKey)))}
              />
            </Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>{isAdmin ? 'Sell Rate' : 'Chargeable Rate'}</Table.Th>
            {isAdmin && <Table.Th>Buy Rate</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const key = rowKey(r);
            const { placement: p, instruction: i } = r;
            const colour = i
              ? colourOf({ ...i, deleted: Boolean(i.deletedAt) })
              : colourOf({ supplierStatus: '', clientStatus: '', deleted: Boolean(p.deletedAt) });
            const label = `${dayjs(p.date).format('ddd, DD MMM YYYY')} ${p.title} ${i ? i.fullName : 'No user assigned'}`;
            return (
              <Table.Tr
                key={key}
                bg={p.id === highlightPlacementId ? 'var(--mantine-color-yellow-light)' : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${label}`}
                    checked={selected.has(key)}
                    onChange={() => toggle(key)}
                  />
                </Table.Td>
                <Table.Td>{dayjs(p.date).format('ddd, DD MMM YYYY')}</Table.Td>
                <Table.Td>
                  {p.title}
                  {p.deletedAt && (
                    <Text size="xs" c="dimmed">
                      Cancelled: {p.cancellationReason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {p.startTime}–{p.endTime}
                  {p.overnight && (
                    <Badge ml="xs" size="xs" variant="filled" color="indigo.9">
                      Overnight
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {p.timezone}
                  </Text>
                </Table.Td>
                <Table.Td>{i ? i.fullName : 'No user assigned'}</Table.Td>
                <Table.Td>
                  {i ? (
                    <Badge color={mantineColour[colour]} variant="filled" autoContrast>
                      {statusLabel(i.supplierStatus)} / {statusLabel(i.clientStatus)}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Not instructed
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{i ? formatRate(i.sellRate) : '—'}</Table.Td>
                {isAdmin && <Table.Td>{i?.buyRate ? formatRate(i.buyRate) : '—'}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function formatRate(r: { rate: number; currency: string; period: string }): string {
  const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: r.currency }).format(
    r.rate,
  );
  return `${money} / ${r.period}`;
}

export { rowKey };
