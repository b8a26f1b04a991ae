import { Loader, Select, type ComboboxParsedItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pickerKeys } from '@/lib/query-keys';

/** One choice of a picker: the record's id (as text, as Select wants it) and its label. */
export interface PickerOption {
  value: string;
  label: string;
}

/** Search delay of tag and entity pickers (spec §9: 500 ms, contains search). */
export const PICKER_DEBOUNCE_MS = 500;

/**
 * The query of a picker's search: cached per kind and term for 30 s, the last list kept while the
 * next loads; a list the user may not read (e.g. accounts for non-administrators) just finds nothing.
 */
export const pickerSearchQuery = (
  kind: string,
  term: string,
  search: (term: string) => Promise<PickerOption[]>,
) =>
  queryOptions({
    queryKey: pickerKeys.search(kind, term),
    queryFn: () => search(term.trim()),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { silentErrors: true },
    retry: false,
  });

/** The chosen records first, then those a search found that are not chosen already. */
export function withChosen(chosen: PickerOption[], found: PickerOption[]): PickerOption[] {
  const out = [...chosen];
  for (const o of found) if (!out.some((x) => x.value === o.value)) out.push(o);
  return out;
}

/**
 * A picker's search: the typed term, its debounced query, and the props that make a Mantine
 * Select or MultiSelect show the server's answer as it is. `searchTermOf` maps the typed text to
 * the term searched for.
 */
export function usePickerSearch(
  kind: string,
  search: (term: string) => Promise<PickerOption[]>,
  searchTermOf: (typed: string) => string = (typed) => typed,
) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(searchTermOf(term), PICKER_DEBOUNCE_MS);
  const query = useQuery(pickerSearchQuery(kind, debounced, search));
  const searchProps = {
    searchable: true,
    // The server already filtered by the term; keep every option it sent.
    filter: ({ options }: { options: ComboboxParsedItem[] }) => options,
    nothingFoundMessage: query.isFetching
      ? 'Searching...'
      : query.isError
        ? 'Search is not available to you'
        : 'Nothing found',
    searchValue: term,
    onSearchChange: setTerm,
  };
  return { query, searchProps };
}

type Props = Omit<SelectProps, 'data' | 'searchable' | 'onSearchChange' | 'searchValue'> & {
  /** A stable name for the query cache, e.g. 'user' or 'entity:client'. */
  kind: string;
  /** Finds records whose name contains the term (blank: the first page). */
  search: (term: string) => Promise<PickerOption[]>;
  /** The current record's label, so a preset value shows before any search. */
  selectedOption?: PickerOption | null;
};

/** A searchable select over a server list: debounced 500 ms contains search. */
export function RecordPicker({ kind, search, selectedOption, ...props }: Props) {
  const [picked, setPicked] = useState<PickerOption | null>(selectedOption ?? null);
  // Once a record is picked the box shows its label: list everything again rather than only it.
  const { query, searchProps } = usePickerSearch(kind, search, (typed) =>
    picked && typed === picked.label ? '' : typed,
  );

  const options = [...(query.data ?? [])];
  for (const extra of [picked, selectedOption]) {
    if (extra && !options.some((o) => o.value === extra.value)) options.unshift(extra);
  }

  return (
    <Select
      {...props}
      {...searchProps}
      data={options}
      clearable={props.clearable ?? true}
      rightSection={query.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      onChange={(value, option) => {
        setPicked(value ? { value, label: option?.label ?? value } : null);
        props.onChange?.(value, option);
      }}
    />
  );
}
