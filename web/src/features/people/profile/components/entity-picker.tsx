import { Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { searchEntities } from '@/lib/pickers';
import { MultiRecordPicker } from '@/ui/multi-record-picker';
import { usePickerSearch, withChosen, type PickerOption } from '@/ui/record-picker';

type EntityType = 'base' | 'agency' | 'client' | 'supplier';

/** The picker search of one entity type: its cache name and its search. */
const entitySearch = (type: EntityType | undefined) =>
  [`entity-${type ?? 'any'}`, (t: string) => searchEntities(t, type)] as const;

type MultiProps = Omit<
  MultiSelectProps,
  'data' | 'searchable' | 'onSearchChange' | 'searchValue' | 'value' | 'onChange'
> & { value: PickerOption[]; onChange: (value: PickerOption[]) => void; type?: EntityType };

/** Entities picked by a debounced contains search (the pickers' 500 ms, spec §9). */
export function EntityMultiPicker({ type, ...props }: MultiProps) {
  const [kind, search] = entitySearch(type);
  return <MultiRecordPicker {...props} kind={kind} search={search} />;
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
  const { query, searchProps } = usePickerSearch(...entitySearch(type));
  const options = withChosen(value ? [value] : [], query.data ?? []);
  return (
    <Select
      {...props}
      {...searchProps}
      data={options}
      clearable
      clearButtonProps={{
        'aria-label': typeof props.label === 'string' ? `Clear ${props.label}` : 'Clear the entity',
      }}
      value={value?.value ?? null}
      onChange={(id) => onChange(options.find((o) => o.value === id) ?? null)}
    />
  );
}
