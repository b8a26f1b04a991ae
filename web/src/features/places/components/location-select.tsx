import { Combobox, Loader, Text, TextInput, VisuallyHidden, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { locationSearchQuery, type LocationSuggestion } from '../api/search-locations';
import {
  LOCATION_DEBOUNCE_MS,
  LOCATION_DROPDOWN_MAX_HEIGHT,
  searchableTerm,
  type LocationValue,
} from '../rules';
import { countOf } from '@/lib/format';

/** What a form holds: a chosen place, or a name typed before locations had coordinates. */
export interface LocationFieldValue {
  location_name: string;
  latitude?: number | null;
  longitude?: number | null;
}

export interface LocationSelectProps {
  label: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** The stored location (its name is shown); null or an empty name when none. */
  value: LocationFieldValue | null;
  /**
   * A chosen suggestion (name and both coordinates, and the whole suggestion for forms that
   * fill more from it), or null when the field is cleared.
   */
  onChange: (value: LocationValue | null, place?: LocationSuggestion) => void;
}

/**
 * A location search field: type 3 or more letters and, 400 ms after the last key, the places
 * whose name starts with them are listed (GET /locations, most populous first, at most 10, in a
 * dropdown at most 150 px high). Choosing one sets its name and coordinates; emptying the field
 * clears all three; leaving it with text that was not chosen puts back the stored name. Arrow
 * keys and Enter choose, Escape closes; the count of suggestions is announced. A failed search
 * is only logged (spec part 1 §8).
 */
export function LocationSelect({
  label,
  description,
  placeholder = 'Start typing a town or city',
  error,
  disabled,
  required,
  value,
  onChange,
}: LocationSelectProps) {
  const stored = value?.location_name ?? '';
  const [text, setText] = useState(stored);
  const [shownStored, setShownStored] = useState(stored);
  if (shownStored !== stored) {
    // The stored value changed from outside (a reset, a server answer): show it.
    setShownStored(stored);
    setText(stored);
  }
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [term] = useDebouncedValue(text.trim(), LOCATION_DEBOUNCE_MS);
  const searching = searchableTerm(term) && term !== stored.trim();
  const query = useQuery({ ...locationSearchQuery(term), enabled: searching && !disabled });
  const results: LocationSuggestion[] = searching ? (query.data ?? []) : [];
  const waiting = text.trim() !== term || query.isFetching;
  const statusId = useId();

  const choose = (index: string) => {
    const s = results[Number(index)];
    if (!s) return;
    onChange({ location_name: s.location_name, latitude: s.latitude, longitude: s.longitude }, s);
    setText(s.location_name);
    combobox.closeDropdown();
  };

  let status = '';
  if (searchableTerm(text) && text.trim() !== stored.trim()) {
    if (waiting) status = 'Searching...';
    else if (query.isError || results.length === 0) status = 'No places found';
    else status = `${countOf(results.length, 'place')} found`;
  }

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={label}
          description={description}
          placeholder={placeholder}
          error={error}
          disabled={disabled}
          required={required}
          value={text}
          autoComplete="off"
          aria-describedby={status ? statusId : undefined}
          rightSection={searching && query.isFetching ? <Loader size="xs" aria-hidden /> : null}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setText(next);
            // Open only when there is something to list or say: under 3 letters, closed.
            if (searchableTerm(next) && next.trim() !== stored.trim()) combobox.openDropdown();
            else combobox.closeDropdown();
            combobox.updateSelectedOptionIndex();
            if (next.trim() === '' && stored !== '') onChange(null);
          }}
          onFocus={() => status && combobox.openDropdown()}
          onClick={() => status && combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            if (text.trim() !== '' && text !== stored) setText(stored);
          }}
        />
      </Combobox.Target>
      <VisuallyHidden id={statusId} aria-live="polite">
        {status}
      </VisuallyHidden>
      <Combobox.Dropdown hidden={status === ''}>
        <Combobox.Options
          aria-label="Places"
          style={{ maxHeight: LOCATION_DROPDOWN_MAX_HEIGHT, overflowY: 'auto' }}
        >
          {results.length > 0 && !waiting ? (
            results.map((s, i) => (
              <Combobox.Option
                value={String(i)}
                key={`${s.location_name}|${s.latitude}|${s.longitude}`}
              >
                {s.formatted_address}
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>
              <Text size="sm">{status}</Text>
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
