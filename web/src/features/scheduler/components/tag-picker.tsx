import { CheckIcon, Combobox, Group, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PICKER_DEBOUNCE_MS, pickerSearchQuery, type PickerOption } from '@/ui/record-picker';
import { pickerKeys } from '@/lib/query-keys';

/** A filter shows at most this many tags; the rest read 'and k more' (spec part 2 §2). */
export const MAX_TAGS = 3;

export interface TagPickerProps {
  label: string;
  /** Query cache name of the options. */
  kind: string;
  /** Options for a term (server search), or a fixed list. */
  options: ((term: string) => Promise<PickerOption[]>) | readonly PickerOption[];
  value: string[];
  onChange: (value: string[]) => void;
}

/** Splits the picked values into the tags shown and the count left out. */
export function visibleTags<T>(values: readonly T[], max = MAX_TAGS): { shown: T[]; more: number } {
  return { shown: values.slice(0, max), more: Math.max(0, values.length - max) };
}

/**
 * A multi-picker showing at most three tags ('and k more'); searches the server (debounced) or
 * filters a fixed list. Labels of picked values are remembered, so a value from the URL or a
 * bookmark shows its name once any search has listed it.
 */
export function TagPicker({ label, kind, options, value, onChange }: TagPickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, PICKER_DEBOUNCE_MS);
  const fixed = typeof options !== 'function' ? options : null;
  const query = useQuery({
    ...pickerSearchQuery(kind, debounced, async (t) =>
      typeof options === 'function' ? options(t) : [],
    ),
    enabled: !fixed,
  });
  const listed = fixed
    ? fixed.filter((o) => o.label.toLowerCase().includes(term.trim().toLowerCase()))
    : (query.data ?? []);
  // A picked value keeps its name from any search of this picker that listed it.
  const queryClient = useQueryClient();
  const labels = new Map<string, string>();
  for (const [, data] of queryClient.getQueriesData<PickerOption[]>({
    queryKey: pickerKeys.ofKind(kind),
  })) {
    for (const o of data ?? []) labels.set(o.value, o.label);
  }
  for (const o of fixed ?? []) labels.set(o.value, o.label);
  const labelOf = (v: string) => labels.get(v) ?? `#${v}`;

  const toggle = (v: string) => {
    // A pick ends the search: the next one starts from the whole list.
    setTerm('');
    onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  };
  const { shown, more } = visibleTags(value);

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput label={label} size="sm" onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {shown.map((v) => (
              <Pill
                key={v}
                withRemoveButton
                removeButtonProps={{ 'aria-label': `Remove ${labelOf(v)}` }}
                onRemove={() => toggle(v)}
              >
                {labelOf(v)}
              </Pill>
            ))}
            {more > 0 && <Pill>and {more} more</Pill>}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={term}
                placeholder={value.length ? undefined : 'Any'}
                aria-label={label}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(e) => {
                  combobox.updateSelectedOptionIndex();
                  setTerm(e.currentTarget.value);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Backspace' && term === '' && value.length) {
                    e.preventDefault();
                    onChange(value.slice(0, -1));
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
          {listed.length === 0 ? (
            <Combobox.Empty>
              {query.isFetching
                ? 'Searching...'
                : query.isError
                  ? 'Not available'
                  : 'Nothing found'}
            </Combobox.Empty>
          ) : (
            listed.map((o) => (
              <Combobox.Option value={o.value} key={o.value} active={value.includes(o.value)}>
                <Group gap="xs" wrap="nowrap">
                  {value.includes(o.value) ? (
                    <CheckIcon size={12} />
                  ) : (
                    <span style={{ width: 12 }} />
                  )}
                  <span>{o.label}</span>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
