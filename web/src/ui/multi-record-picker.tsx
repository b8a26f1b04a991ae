import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PICKER_DEBOUNCE_MS, pickerSearchQuery, type PickerOption } from '@/ui/record-picker';

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
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, PICKER_DEBOUNCE_MS);
  const query = useQuery(pickerSearchQuery(kind, debounced, search));
  const options = [...value];
  for (const o of query.data ?? []) if (!options.some((x) => x.value === o.value)) options.push(o);

  return (
    <MultiSelect
      {...props}
      data={options}
      searchable
      filter={({ options: o }) => o}
      nothingFoundMessage={
        query.isFetching
          ? 'Searching...'
          : query.isError
            ? 'Search is not available to you'
            : 'Nothing found'
      }
      searchValue={term}
      onSearchChange={setTerm}
      value={value.map((o) => o.value)}
      onChange={(ids) => onChange(ids.map((id) => options.find((o) => o.value === id)!))}
    />
  );
}
