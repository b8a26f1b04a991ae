import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { usePickerSearch, withChosen, type PickerOption } from '@/ui/record-picker';

type Props = Omit<
  MultiSelectProps,
  'data' | 'searchable' | 'onSearchChange' | 'searchValue' | 'value' | 'onChange'
> & {
  kind: string;
  search: (term: string) => Promise<PickerOption[]>;
  value: PickerOption[];
  onChange: (value: PickerOption[]) => void;
};

/**
 * A searchable multi-select over a server list: debounced 500 ms contains search; the chosen
 * records stay listed while the search shows others.
 */
export function MultiRecordPicker({ kind, search, value, onChange, ...props }: Props) {
  const { query, searchProps } = usePickerSearch(kind, search);
  const options = withChosen(value, query.data ?? []);

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
