import { ActionIcon, Button, Portal, TextInput } from '@mantine/core';
import { useClickOutside, useDebouncedValue } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { searchQueryOptions } from '../api/search';
import {
  appliedRange,
  initialSearchState,
  isFiltersApplied,
  MIN_QUERY_LENGTH,
  QUERY_DEBOUNCE_MS,
  searchBody,
  searchReducer,
  shouldSearch,
} from '../rules';
import { AdvancedSearchModal, type LocationField } from './advanced-search-modal';
import { ResultsPanel } from './results-panel';
import classes from './search.module.css';

/**
 * The top bar's search (spec part 1 §2, §4): the box, 'Add Filter' for the advanced search, and
 * the results panel under the bar. The caller shows it to department managers only.
 */
export function SearchBox({ location }: { location: LocationField }) {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const navigate = useNavigate();
  const [debounced] = useDebouncedValue(state.searchQuery, QUERY_DEBOUNCE_MS);
  // Emptying the box (or Submit, which empties it) takes effect at once, not after the pause.
  const text = state.searchQuery.trim() === '' ? '' : debounced;
  const body = searchBody(state, text);
  const runs = shouldSearch(state, text);
  const results = useQuery(searchQueryOptions(body, runs));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const input = useRef<HTMLInputElement>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);

  const close = () => dispatch({ type: 'close' });
  // An outside click closes the panel; the modal and its dropdowns are outside too, but while
  // the modal is open the click belongs to it.
  useClickOutside(
    () => {
      if (!state.advanceFilterVisible && state.searchActive) close();
    },
    null,
    [box, panel, trigger],
  );

  const panelVisible = state.searchActive && state.resultPageVisible;

  const book = (freelancers: number[]) => {
    close();
    void navigate(paths.createBookingWith({ freelancers, ...appliedRange(state) }));
  };

  return (
    <>
      <ActionIcon
        ref={setTrigger}
        className={classes.trigger}
        variant="subtle"
        color="dark"
        size="lg"
        aria-label="Search"
        aria-expanded={state.searchActive}
        onClick={() => {
          dispatch({ type: 'activate' });
          requestAnimationFrame(() => input.current?.focus());
        }}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      <div
        ref={setBox}
        className={classes.box}
        data-open={state.searchActive || undefined}
        role="search"
      >
        <TextInput
          ref={input}
          size="sm"
          w={{ base: '100%', sm: 240 }}
          style={{ flex: 1 }}
          placeholder="Search..."
          aria-label="Search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={state.searchQuery}
          onFocus={() => dispatch({ type: 'activate' })}
          onChange={(e) => dispatch({ type: 'setQuery', query: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              close();
              e.currentTarget.blur();
            }
          }}
        />
        <Button
          size="sm"
          variant={isFiltersApplied(state) ? 'filled' : 'light'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-pressed={state.advanceFilterVisible}
          onClick={() => dispatch({ type: 'toggleFilters' })}
        >
          Add Filter
        </Button>
      </div>
      {panelVisible && (
        <Portal>
          <ResultsPanel
            ref={setPanel}
            results={results}
            tooShort={
              !isFiltersApplied(state) && state.searchQuery.trim().length < MIN_QUERY_LENGTH
            }
            query={isFiltersApplied(state) ? null : state.searchQuery.trim()}
            sortBy={state.sortByValue}
            onSortBy={(value) => dispatch({ type: 'sortBy', value })}
            selected={selected}
            onSelect={setSelected}
            onBook={book}
            onClose={() => {
              close();
              input.current?.blur();
            }}
          />
        </Portal>
      )}
      <AdvancedSearchModal
        opened={state.advanceFilterVisible}
        filters={state.filters}
        dispatch={dispatch}
        location={location}
      />
    </>
  );
}
