import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { searchEntities } from '@/lib/pickers';
import { pickerSearchQuery, type PickerOption } from '@/ui/record-picker';

type EntityType = 'base' | 'agency' | 'client' | 'supplier';

function useEntitySearch(type: EntityType | undefined) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 400);
  const query = useQuery(
    pickerSearchQuery(`entity-${type ?? 'any'}`, debounced, (t) => searchEntities(t, type)),
  );
  const nothingFound = query.isFetching ? 'Searching...' : 'Nothing found';
  return { term, setTerm, found: query.data ?? [], nothingFound };
}

function merge(selected: PickerOption[], found: PickerOption[]): PickerOption[] {
  const out = [...selected];
  for (const o of found) if (!out.some((x) => x.value === o.value)) out.push(o);
  return out;
}

type MultiProps = Omit<
  MultiSelectProps,
  'data' | 'searchable' | 'onSearchChange' | 'searchValue' | 'value' | 'onChange'
> & { value: PickerOption[]; onChange: (value: PickerOption[]) => void; type?: EntityType };

/** Entities picked by a debounced contains search. */
export function EntityMultiPicker({ value, onChange, type, ...props }: MultiProps) {
  const s = useEntitySearch(type);
  const options = merge(value, s.found);
  return (
    <MultiSelect
      {...props}
      data={options}
      searchable
      filter={({ options: o }) => o}
      nothingFoundMessage={s.nothingFound}
      searchValue={s.term}
      onSearchChange={s.setTerm}
      value={value.map((o) => o.value)}
      onChange={(ids) => onChange(ids.map((id) => options.find((o) => o.value === id)!))}
    />
  );
}

type SingleProps = Omit<
  SelectProps,
  'data' | 'searchable' | 'onSearchChange' | 'searchValue' | 'value' | 'onChange'
> & {
  value: PickerOption | null;
  onChange: (value: PickerOption | null) => void;
  type?: EntityType;
};

/** One entity picked by a debounced contains search. */
export function EntityPicker({ value, onChange, type, ...props }: SingleProps) {
  const s = useEntitySearch(type);
  const options = merge(value ? [value] : [], s.found);
  return (
    <Select
      {...props}
      data={options}
      searchable
      clearable
      filter={({ options: o }) => o}
      nothingFoundMessage={s.nothingFound}
      onSearchChange={s.setTerm}
      value={value?.value ?? null}
      onChange={(id) => onChange(options.find((o) => o.value === id) ?? null)}
    />
  );
}
