import { describe, expect, it } from 'vitest';
import {
  appliedRange,
  emptyFilters,
  hasFilter,
  initialSearchState,
  isFiltersApplied,
  searchBody,
  searchReducer,
  shouldSearch,
  submitDisabled,
  type Filters,
  type SearchAction,
  type SearchState,
  daysBetween,
  pickerBounds,
  rangeTooLong,
  searchMessages,
  withEnd,
  withStart,
} from './rules';
import { addDays } from '@/features/bookings';

const run = (...actions: SearchAction[]) =>
  actions.reduce<SearchState>(searchReducer, initialSearchState);

const withSkill: SearchAction = { type: 'setFilters', change: { skills: ['4'] } };

describe('the search client state (spec part 1 §3 defaults)', () => {
  it('starts inactive, empty, with no radius and no location', () => {
    expect(initialSearchState).toMatchObject({
      searchQuery: '',
      searchActive: false,
      resultPageVisible: false,
      advanceFilterVisible: false,
      applied: null,
      sortByValue: null,
    });
    expect(emptyFilters.radius).toBe(0);
    expect(emptyFilters.location).toEqual({ location_name: '', latitude: 0, longitude: 0 });
    expect(isFiltersApplied(initialSearchState)).toBe(false);
  });
});

describe('the search transitions (spec part 1 §4)', () => {
  it('setting a query activates search and the result page', () => {
    const s = run({ type: 'setQuery', query: 'cam' });
    expect(s).toMatchObject({ searchQuery: 'cam', searchActive: true, resultPageVisible: true });
  });

  it('emptying the query clears the applied filters and hides the result page', () => {
    const s = run(withSkill, { type: 'submit' }, { type: 'setQuery', query: 'ca' });
    expect(isFiltersApplied(s)).toBe(true);
    const emptied = searchReducer(s, { type: 'setQuery', query: '' });
    expect(isFiltersApplied(emptied)).toBe(false);
    expect(emptied.resultPageVisible).toBe(false);
    // The modal keeps what was chosen, to submit again.
    expect(emptied.filters.skills).toEqual(['4']);
  });

  it('a blank query counts as empty', () => {
    const s = run({ type: 'setQuery', query: 'cam' }, { type: 'setQuery', query: '   ' });
    expect(s.resultPageVisible).toBe(false);
  });

  it('the result page cannot show with an empty query and no applied filters', () => {
    expect(run({ type: 'activate' }).resultPageVisible).toBe(false);
    expect(run({ type: 'setQuery', query: '' }).resultPageVisible).toBe(false);
    // With an advanced search applied it may: Submit empties the query and opens it.
    const submitted = run(withSkill, { type: 'submit' });
    expect(submitted.searchQuery).toBe('');
    expect(submitted.resultPageVisible).toBe(true);
  });

  it('focusing the box again reopens the results of a query it still holds', () => {
    const s = run({ type: 'setQuery', query: 'cam' }, { type: 'close' }, { type: 'activate' });
    expect(s).toMatchObject({ searchActive: true, resultPageVisible: true, searchQuery: 'cam' });
  });

  it('setting a rate to 0 clears it', () => {
    const set = run({ type: 'setRate', bound: 'maxRate', value: 450 });
    expect(set.filters.maxRate).toBe(450);
    expect(
      searchReducer(set, { type: 'setRate', bound: 'maxRate', value: 0 }).filters.maxRate,
    ).toBe(null);
    expect(
      searchReducer(set, { type: 'setRate', bound: 'maxRate', value: null }).filters.maxRate,
    ).toBe(null);
    expect(run({ type: 'setRate', bound: 'minRate', value: 0 }).filters.minRate).toBe(null);
  });

  it('Submit opens the results, clears the text query and closes the modal', () => {
    const s = run({ type: 'setQuery', query: 'camera' }, { type: 'toggleFilters' }, withSkill, {
      type: 'submit',
    });
    expect(s).toMatchObject({
      searchQuery: '',
      searchActive: true,
      resultPageVisible: true,
      advanceFilterVisible: false,
    });
    expect(s.applied?.skills).toEqual(['4']);
  });

  it('Submit with no filter does nothing', () => {
    const before = run({ type: 'toggleFilters' });
    expect(searchReducer(before, { type: 'submit' })).toBe(before);
  });

  it('editing the modal after Submit does not change the applied search until Submit', () => {
    const s = run(withSkill, { type: 'submit' }, { type: 'setFilters', change: { skills: ['5'] } });
    expect(s.applied?.skills).toEqual(['4']);
    expect(s.filters.skills).toEqual(['5']);
  });

  it('Reset clears the filters and the applied search and closes the modal', () => {
    const s = run(withSkill, { type: 'submit' }, { type: 'toggleFilters' }, { type: 'reset' });
    expect(s.filters).toEqual(emptyFilters);
    expect(s.applied).toBeNull();
    expect(s.advanceFilterVisible).toBe(false);
    expect(s.resultPageVisible).toBe(false);
  });

  it('Reset keeps the results of a text query', () => {
    const s = run({ type: 'setQuery', query: 'cam' }, { type: 'toggleFilters' }, { type: 'reset' });
    expect(s.resultPageVisible).toBe(true);
  });

  it('an outside click or Escape closes the panel and the modal', () => {
    const s = run({ type: 'setQuery', query: 'cam' }, { type: 'toggleFilters' }, { type: 'close' });
    expect(s).toMatchObject({
      searchActive: false,
      resultPageVisible: false,
      advanceFilterVisible: false,
      searchQuery: 'cam',
    });
  });

  it("'Add Filter' toggles the advanced search and activates search", () => {
    const open = run({ type: 'toggleFilters' });
    expect(open).toMatchObject({ advanceFilterVisible: true, searchActive: true });
    expect(searchReducer(open, { type: 'toggleFilters' }).advanceFilterVisible).toBe(false);
    expect(searchReducer(open, { type: 'closeFilters' }).advanceFilterVisible).toBe(false);
  });

  it('Order By is kept and can be cleared', () => {
    const s = run({ type: 'sortBy', value: 'price' });
    expect(s.sortByValue).toBe('price');
    expect(searchReducer(s, { type: 'sortBy', value: null }).sortByValue).toBeNull();
  });
});

describe('when search runs (spec part 1 §4)', () => {
  it('runs only when active and with three characters or applied filters', () => {
    const typed = run({ type: 'setQuery', query: 'ca' });
    expect(shouldSearch(typed, 'ca')).toBe(false);
    expect(shouldSearch(typed, 'cam')).toBe(true);
    expect(shouldSearch(typed, '  ca  ')).toBe(false);
    const closed = searchReducer(typed, { type: 'close' });
    expect(shouldSearch(closed, 'cam')).toBe(false);
    const advanced = run(withSkill, { type: 'submit' });
    expect(shouldSearch(advanced, '')).toBe(true);
    expect(shouldSearch(searchReducer(advanced, { type: 'close' }), '')).toBe(false);
  });

  it('a chosen but not submitted filter does not run a search', () => {
    const s = run({ type: 'toggleFilters' }, withSkill);
    expect(shouldSearch(s, '')).toBe(false);
  });
});

describe('the request body', () => {
  const filters = (change: Partial<Filters>) =>
    run({ type: 'setFilters', change }, { type: 'submit' });

  it('sends the text query alone for a global search', () => {
    const s = run({ type: 'setQuery', query: ' cam ' }, { type: 'sortBy', value: 'price' });
    expect(searchBody(s, ' cam ')).toEqual({ query: 'cam', sort_key: 'price' });
  });

  it('sends only the set filters, tag ids as numbers and dates as year-month-day', () => {
    const s = filters({
      currency: 'EUR',
      maxRate: 450,
      skills: ['4', '9'],
      jobTitles: ['2'],
      countries: ['GB'],
      businessType: 'uk_sole_trader',
      location: { location_name: 'Salford', latitude: 53.48, longitude: -2.29 },
      radius: 25,
      addRange: true,
      startDate: '2026-12-03',
      endDate: '2026-12-07',
    });
    expect(searchBody(s, '')).toEqual({
      currency: 'EUR',
      to: 450,
      skills: [4, 9],
      jobTitles: [2],
      countries: ['GB'],
      businessType: 'uk_sole_trader',
      location: { location_name: 'Salford', latitude: 53.48, longitude: -2.29 },
      radius: 25,
      startDate: '2026-12-03',
      endDate: '2026-12-07',
    });
  });

  it('sends no currency without a rate, no radius without a location, no dates unticked', () => {
    const s = filters({
      currency: 'USD',
      radius: 25,
      countries: ['FR'],
      addRange: false,
      startDate: '2026-12-03',
      endDate: '2026-12-07',
    });
    expect(searchBody(s, '')).toEqual({ countries: ['FR'] });
    expect(appliedRange(s)).toBeNull();
  });

  it('Book carries the applied date range', () => {
    const s = filters({ addRange: true, startDate: '2026-12-03', endDate: '2026-12-07' });
    expect(appliedRange(s)).toEqual({ startDate: '2026-12-03', endDate: '2026-12-07' });
  });
});

describe('Submit is disabled (spec part 1 §5)', () => {
  it('with no filter', () => {
    expect(submitDisabled(emptyFilters)).toBe(true);
    // A currency alone is no filter: it goes with a rate.
    expect(submitDisabled({ ...emptyFilters, currency: 'USD' })).toBe(true);
    expect(submitDisabled({ ...emptyFilters, minRate: 100 })).toBe(false);
  });

  it('with Date Range ticked and a date missing', () => {
    const ticked = { ...emptyFilters, skills: ['1'], addRange: true };
    expect(submitDisabled(ticked)).toBe(true);
    expect(submitDisabled({ ...ticked, startDate: '2026-12-03' })).toBe(true);
    expect(submitDisabled({ ...ticked, endDate: '2026-12-07' })).toBe(true);
    expect(submitDisabled({ ...ticked, startDate: '2026-12-03', endDate: '2026-12-07' })).toBe(
      false,
    );
  });

  it('a date range alone is a filter', () => {
    const range = {
      ...emptyFilters,
      addRange: true,
      startDate: '2026-12-03',
      endDate: '2026-12-04',
    };
    expect(hasFilter(range)).toBe(true);
    expect(hasFilter({ ...range, addRange: false })).toBe(false);
  });
});

const empty = { startDate: '', endDate: '' };

describe('the advanced search date range (spec part 1 §5)', () => {
  it('counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-02-28', 31)).toBe('2026-03-31');
    expect(daysBetween('2026-12-03', '2026-12-07')).toBe(4);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // across the clock change
  });

  it('a start after the end clears the end', () => {
    const r = { startDate: '2026-12-03', endDate: '2026-12-07' };
    expect(withStart(r, '2026-12-08')).toEqual({ startDate: '2026-12-08', endDate: '' });
    expect(withStart(r, '2026-12-07')).toEqual({ startDate: '2026-12-07', endDate: '2026-12-07' });
    expect(withStart(r, '2026-12-01')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-07' });
    expect(withStart(empty, '2026-12-01')).toEqual({ startDate: '2026-12-01', endDate: '' });
  });

  it('an end before the start clears the start', () => {
    const r = { startDate: '2026-12-03', endDate: '2026-12-07' };
    expect(withEnd(r, '2026-12-02')).toEqual({ startDate: '', endDate: '2026-12-02' });
    expect(withEnd(r, '2026-12-03')).toEqual({ startDate: '2026-12-03', endDate: '2026-12-03' });
    expect(withEnd(empty, '2026-12-02')).toEqual({ startDate: '', endDate: '2026-12-02' });
  });

  it('clearing a date clears only that date', () => {
    const r = { startDate: '2026-12-03', endDate: '2026-12-07' };
    expect(withStart(r, '')).toEqual({ startDate: '', endDate: '2026-12-07' });
    expect(withEnd(r, '')).toEqual({ startDate: '2026-12-03', endDate: '' });
  });

  it('at most 31 days: 31 days after the start is allowed, 32 is not', () => {
    expect(rangeTooLong({ startDate: '2026-12-01', endDate: '2027-01-01' })).toBe(false);
    expect(rangeTooLong({ startDate: '2026-12-01', endDate: '2027-01-02' })).toBe(true);
    expect(rangeTooLong({ startDate: '2026-12-01', endDate: '' })).toBe(false);
  });

  it("over 31 days says 'Enter Valid Date' / 'Date range cannot exceed 31 days.'", () => {
    expect(searchMessages.rangeTooLong).toMatchObject({
      title: 'Enter Valid Date',
      message: 'Date range cannot exceed 31 days.',
      kind: 'error',
    });
  });

  it('the start from today; the end from the start to 31 days after it', () => {
    expect(pickerBounds(empty, '2026-11-25')).toEqual({
      startMin: '2026-11-25',
      endMin: '2026-11-25',
      endMax: undefined,
    });
    expect(pickerBounds({ startDate: '2026-12-03', endDate: '' }, '2026-11-25')).toEqual({
      startMin: '2026-11-25',
      endMin: '2026-12-03',
      endMax: '2027-01-03',
    });
  });
});
