import { Button, Collapse, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { colIdOf, serverNameOf, type DataGridColumn } from './grid-query';

// The grid's header sorts and filters; a phone's card list has no header, so these controls ask
// the server the same questions from the same columns: one sort (a sortable column, up or
// down) and each column's filter (text 'contains', or one value of a set).

const TEXT_DEBOUNCE_MS = 400; // as the grid's floating filters

interface Props<Row> {
  label: string;
  columns: DataGridColumn<Row>[];
  sort: string | undefined;
  filters: Record<string, string>;
  onSort: (sort: string | undefined) => void;
  onFilters: (filters: Record<string, string>) => void;
}

function TextFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const [text, setText] = useState(value);
  const send = useDebouncedCallback((v: string) => onChange(v.trim()), TEXT_DEBOUNCE_MS);
  return (
    <TextInput
      size="xs"
      label={label}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        send(e.currentTarget.value);
      }}
    />
  );
}

/** Sort and filters of a card list, from the columns' own sort and filter settings. */
export function CardControls<Row>({
  label,
  columns,
  sort,
  filters,
  onSort,
  onFilters,
}: Props<Row>) {
  const [open, setOpen] = useState(false);
  const sortable = columns.filter((c) => c.sortable);
  const filtered = columns.filter((c) => c.filter);
  if (sortable.length === 0 && filtered.length === 0) return null;
  const sortOptions = sortable.flatMap((c) => [
    { value: serverNameOf(c), label: `${c.headerName} (A–Z)` },
    { value: `-${serverNameOf(c)}`, label: `${c.headerName} (Z–A)` },
  ]);
  const active = Object.keys(filters).length;
  const setFilter = (name: string, value: string) => {
    const next = { ...filters };
    if (value) next[name] = value;
    else delete next[name];
    onFilters(next);
  };

  return (
    <Stack gap="xs">
      <Button
        variant={active ? 'light' : 'default'}
        size="xs"
        leftSection={<IconFilter size={14} aria-hidden />}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        style={{ alignSelf: 'flex-start' }}
      >
        {`Sort and filter${active ? ` (${active})` : ''}`}
      </Button>
      <Collapse expanded={open}>
        <SimpleGrid cols={1} spacing="xs" role="group" aria-label={`${label}: sort and filter`}>
          {sortOptions.length > 0 && (
            <Select
              size="xs"
              label="Sort by"
              placeholder="Default order"
              clearable
              data={sortOptions}
              value={sort ?? null}
              onChange={(v) => onSort(v ?? undefined)}
            />
          )}
          {filtered.map((c) => {
            const name = serverNameOf(c);
            const filter = c.filter!;
            return filter.type === 'text' ? (
              <TextFilter
                key={colIdOf(c)}
                label={c.headerName ?? name}
                value={filters[name] ?? ''}
                onChange={(v) => setFilter(name, v)}
              />
            ) : (
              <Select
                key={colIdOf(c)}
                size="xs"
                label={c.headerName ?? name}
                placeholder="Any"
                clearable
                data={filter.options}
                value={filters[name] ?? null}
                onChange={(v) => setFilter(name, v ?? '')}
              />
            );
          })}
        </SimpleGrid>
      </Collapse>
    </Stack>
  );
}
