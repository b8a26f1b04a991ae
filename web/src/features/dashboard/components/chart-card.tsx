import { Card, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

export interface TableColumn<R> {
  label: string;
  /** The cell's text; numbers are right-aligned. */
  value: (row: R) => string | number;
  numeric?: boolean;
}

/**
 * A chart with its text alternative: a Chart / Table switch (keyboard: the arrow keys) shows the
 * same numbers as a table, so screen-reader and keyboard users get them; the summary under the
 * title says in words what the chart shows.
 */
export function ChartCard<R>({
  title,
  summary,
  chart,
  rows,
  columns,
  rowKey,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  rows: R[];
  columns: TableColumn<R>[];
  rowKey: (row: R) => string;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={`${title}: show as`}
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          data={[
            { value: 'chart', label: 'Chart' },
            { value: 'table', label: 'Table' },
          ]}
        />
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {summary}
      </Text>
      {view === 'chart' ? (
        <figure style={{ margin: 0 }} aria-label={`${title} chart`}>
          {chart}
        </figure>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined} scope="col">
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={rowKey(r)}>
                  {columns.map((c) => (
                    <Table.Td key={c.label} ta={c.numeric ? 'right' : undefined}>
                      {c.value(r)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
