import { Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { RowStyle, ValueFormatterParams, ValueGetterParams } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { colIdOf, type DataGridColumn } from './grid-query';

// A card shows the same columns as the grid, through the same value getters, formatters and
// cell renderers, so a feature describes its columns once for both. Renderers get the row and
// its value; a renderer that needs AG Grid's api has no card form.

function valueOf<Row>(column: DataGridColumn<Row>, row: Row): unknown {
  const getter = column.valueGetter;
  if (typeof getter === 'function') return getter({ data: row } as ValueGetterParams<Row>);
  const field = column.field as string | undefined;
  if (!field) return undefined;
  return field
    .split('.')
    .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], row);
}

/** The text a column shows for a row (its formatter's, else its value's). */
export function cellText<Row>(column: DataGridColumn<Row>, row: Row): string {
  const value = valueOf(column, row);
  const formatter = column.valueFormatter;
  if (typeof formatter === 'function') {
    return formatter({ data: row, value } as ValueFormatterParams<Row>) ?? '';
  }
  return value === undefined || value === null ? '' : String(value);
}

function Cell<Row>({ column, row }: { column: DataGridColumn<Row>; row: Row }): ReactNode {
  const Renderer = column.cellRenderer as ComponentType<CustomCellRendererProps<Row>> | undefined;
  if (typeof Renderer === 'function') {
    const props = { data: row, value: valueOf(column, row), valueFormatted: cellText(column, row) };
    return <Renderer {...(props as CustomCellRendererProps<Row>)} />;
  }
  return cellText(column, row);
}

/** A column's value on a card is worth a line when it renders something or has text. */
const shown = <Row,>(column: DataGridColumn<Row>, row: Row) =>
  typeof column.cellRenderer === 'function' || cellText(column, row) !== '';

export interface CardListProps<Row> {
  label: string;
  columns: DataGridColumn<Row>[];
  rows: Row[];
  rowId: (row: Row) => string;
  loading: boolean;
  emptyText: string;
  rowClass?: (row: Row) => string | undefined;
  rowStyle?: (row: Row) => RowStyle | undefined;
}

/**
 * The grid at phone width: one card per row, titled by the title column, the status beside the
 * title, or under it when both do not fit (its full text as the tooltip), every other column as
 * a labelled line, the actions at the foot. CardControls sorts and filters.
 */
export function CardList<Row>({
  label,
  columns,
  rows,
  rowId,
  loading,
  emptyText,
  rowClass,
  rowStyle,
}: CardListProps<Row>) {
  if (loading && rows.length === 0) return <Loader size="sm" aria-label={`Loading ${label}`} />;
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  const status = columns.filter((c) => c.kind === 'status');
  const actions = columns.filter((c) => c.kind === 'actions');
  const others = columns.filter((c) => !c.kind && !c.hide);
  const title = others.find((c) => c.cardTitle) ?? others[0];
  const lines = others.filter((c) => c !== title);

  return (
    <Stack component="ul" gap="sm" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Card
          key={rowId(row)}
          component="li"
          withBorder
          padding="sm"
          className={rowClass?.(row)}
          style={rowStyle?.(row) as CSSProperties | undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            {title && (
              <Text
                component="div"
                fw={600}
                size="sm"
                style={{ minWidth: 0, overflowWrap: 'anywhere' }}
              >
                <Cell column={title} row={row} />
              </Text>
            )}
            {status.map((c) => (
              <Text
                component="div"
                size="sm"
                key={colIdOf(c)}
                title={c.fullText?.(row)}
                style={{ maxWidth: '100%' }}
              >
                <Cell column={c} row={row} />
              </Text>
            ))}
          </Group>
          <Stack component="dl" gap={2} mt="xs" mb={0}>
            {lines
              .filter((c) => shown(c, row))
              .map((c) => (
                <Group key={colIdOf(c)} gap="xs" wrap="nowrap" align="baseline">
                  <Text component="dt" size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                    {c.headerName}
                  </Text>
                  <Text
                    component="dd"
                    size="sm"
                    m={0}
                    style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    <Cell column={c} row={row} />
                  </Text>
                </Group>
              ))}
          </Stack>
          {actions.length > 0 && (
            <Group gap="xs" mt="xs" wrap="wrap">
              {actions.map((c) => (
                <Cell key={colIdOf(c)} column={c} row={row} />
              ))}
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}
