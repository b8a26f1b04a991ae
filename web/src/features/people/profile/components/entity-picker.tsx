import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { searchEntities } from '@/lib/pickers';
import { usePickerSearch, type PickerOption } from '@/ui/record-picker';

type EntityType = 'base' | 'agency' | 'client' | 'supplier';

/** The entity search of a picker: the shared picker search, per entity type. */
const useEntitySearch = (type: EntityType | undefined) =>
  usePickerSearch(`entity-${type ?? 'any'}`, (t) => searchEntities(t, type));

function merge(selected: PickerOption[], found: PickerOption[]): PickerOption[] {
  const out = [...selected];
  for (const o of found) if (!out.some((x) => x.value === o.value)) out.push(o);
  return out;
}

type MultiProps = Omit<
  MultiSelectProps,
  'data' | 'searchable' | 'onSearchChange' | 'searchValue' | 'value' | 'onChange'
> & { value: PickerOption[]; onChange: (value: PickerOption[]) => void; type?: EntityType };

/** Entities picked by a debounced contains search (the pickers' 500 ms, spec §9). */
export function EntityMultiPicker({ value, onChange, type, ...props }: MultiProps) {
  const { query, searchProps } = useEntitySearch(type);
  const options = merge(value, query.data ?? []);
  return (
    <MultiSelect
      {...props}
      {...searchProps}
      data={options}
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
  const { query, searchProps } = useEntitySearch(type);
  const options = merge(value ? [value] : [], query.data ?? []);
  return (
    <Select
      {...props}
      {...searchProps}
      data={options}
      clearable
      value={value?.value ?? null}
      onChange={(id) => onChange(options.find((o) => o.value === id) ?? null)}
    />
  );
}
