import type { components } from '@/api/schema';
import type { Toast } from '@/lib/errors/catalogue';
import { DURATION } from '@/lib/errors/catalogue';
import { addDays } from '@/features/bookings';
import type { SearchResult } from './api/search';

/** POST /search's {data}. */
export type SearchBody = components['schemas']['Query'];
export type SortKey = NonNullable<SearchBody['sort_key']>;
export type SearchCurrency = NonNullable<SearchBody['currency']>;
export type Radius = NonNullable<SearchBody['radius']>;
/** A legal-entity type, or '' for any. */
export type BusinessType = NonNullable<SearchBody['businessType']>;

/** The shortest text query that is searched (spec part 1 §9). */
export const MIN_QUERY_LENGTH = 3;
/** How long typing pauses before the text is searched. */
export const QUERY_DEBOUNCE_MS = 300;
/** The longest advanced-search date range: the end at most this many days after the start. */
export const MAX_RANGE_DAYS = 31;

/** Rate currency filter options (spec part 1 §5). */
export const SEARCH_CURRENCIES: readonly SearchCurrency[] = ['USD', 'EUR', 'GBP'];
/** Radius options in miles; 101 means over 100 miles (spec part 1 §5). */
export const RADIUS_OPTIONS: readonly { value: Radius; label: string }[] = [
  { value: 10, label: '10 miles' },
  { value: 25, label: '25 miles' },
  { value: 50, label: '50 miles' },
  { value: 100, label: '100 miles' },
  { value: 101, label: 'Over 100 miles' },
];
export const SORT_OPTIONS: readonly { value: SortKey; label: string }[] = [
  { value: 'businessType', label: 'Business Type' },
  { value: 'price', label: 'Price' },
  { value: 'preferred', label: 'Preferred' },
];

export interface SearchLocation {
  location_name: string;
  latitude: number;
  longitude: number;
}

export const NO_LOCATION: SearchLocation = { location_name: '', latitude: 0, longitude: 0 };

/** The advanced search's fields (spec part 1 §3 Search client state). */
export interface Filters {
  currency: SearchCurrency;
  /** The rate filter's lowest and highest day rate; null when not set (0 clears a bound). */
  minRate: number | null;
  maxRate: number | null;
  location: SearchLocation;
  /** Miles; 0 is no radius (the default). */
  radius: Radius;
  businessType: BusinessType;
  countries: string[];
  /** Tag ids, as strings (the multi-selects' values). */
  skills: string[];
  jobTitles: string[];
  addRange: boolean;
  /** Year-month-day, or '' when not chosen. */
  startDate: string;
  endDate: string;
}

export const emptyFilters: Filters = {
  currency: 'GBP',
  minRate: null,
  maxRate: null,
  location: NO_LOCATION,
  radius: 0,
  businessType: '',
  countries: [],
  skills: [],
  jobTitles: [],
  addRange: false,
  startDate: '',
  endDate: '',
};

/**
 * The search's client state. `filters` is what the modal shows; `applied` is what Submit applied
 * (null when no advanced search is applied), so editing the modal does not re-run the search
 * until Submit. isFiltersApplied is `applied !== null`.
 */
export interface SearchState {
  searchQuery: string;
  searchActive: boolean;
  resultPageVisible: boolean;
  advanceFilterVisible: boolean;
  filters: Filters;
  applied: Filters | null;
  sortByValue: SortKey | null;
}

export const initialSearchState: SearchState = {
  searchQuery: '',
  searchActive: false,
  resultPageVisible: false,
  advanceFilterVisible: false,
  filters: emptyFilters,
  applied: null,
  sortByValue: null,
};

export type SearchAction =
  /** The box was focused or opened. */
  | { type: 'activate' }
  /** The user typed in the box. */
  | { type: 'setQuery'; query: string }
  /** Escape, an outside click, or a choice that leaves the panel (View, Book). */
  | { type: 'close' }
  /** 'Add Filter'. */
  | { type: 'toggleFilters' }
  /** The modal's own close button or Escape: the modal closes, nothing else changes. */
  | { type: 'closeFilters' }
  | { type: 'setFilters'; change: Partial<Filters> }
  /** A rate bound typed in the modal; 0 or empty clears it. */
  | { type: 'setRate'; bound: 'minRate' | 'maxRate'; value: number | null }
  | { type: 'submit' }
  | { type: 'reset' }
  | { type: 'sortBy'; value: SortKey | null };

export const isFiltersApplied = (s: SearchState) => s.applied !== null;

/** The result page may show only with a text query or an applied advanced search. */
const canShowResults = (s: Pick<SearchState, 'searchQuery' | 'applied'>) =>
  s.searchQuery.trim() !== '' || s.applied !== null;

/** The transitions of spec part 1 §4 (Search). */
export function searchReducer(s: SearchState, a: SearchAction): SearchState {
  switch (a.type) {
    case 'activate':
      return { ...s, searchActive: true, resultPageVisible: canShowResults(s) };
    case 'setQuery': {
      // Setting a query activates search and the result page; emptying it clears the applied
      // filters, and with neither the result page cannot show.
      if (a.query.trim() === '') {
        return { ...s, searchQuery: a.query, applied: null, resultPageVisible: false };
      }
      return { ...s, searchQuery: a.query, searchActive: true, resultPageVisible: true };
    }
    case 'close':
      return { ...s, searchActive: false, resultPageVisible: false, advanceFilterVisible: false };
    case 'toggleFilters':
      return { ...s, searchActive: true, advanceFilterVisible: !s.advanceFilterVisible };
    case 'closeFilters':
      return { ...s, advanceFilterVisible: false };
    case 'setFilters':
      return { ...s, filters: { ...s.filters, ...a.change } };
    case 'setRate': {
      const value = a.value && a.value > 0 ? a.value : null;
      return { ...s, filters: { ...s.filters, [a.bound]: value } };
    }
    case 'submit':
      // Submit opens the results of the filters and clears the text query.
      if (!hasFilter(s.filters)) return s;
      return {
        ...s,
        applied: s.filters,
        searchQuery: '',
        searchActive: true,
        resultPageVisible: true,
        advanceFilterVisible: false,
      };
    case 'reset':
      // Reset clears the filters (and the applied search) and closes the modal.
      return {
        ...s,
        filters: emptyFilters,
        applied: null,
        advanceFilterVisible: false,
        resultPageVisible: s.searchQuery.trim() !== '' && s.resultPageVisible,
      };
    case 'sortBy':
      return { ...s, sortByValue: a.value };
  }
}

const hasRate = (f: Filters) => f.minRate !== null || f.maxRate !== null;
const hasLocation = (f: Filters) => f.location.location_name !== '';
const hasDates = (f: Filters) => f.addRange && f.startDate !== '' && f.endDate !== '';

/** Whether any advanced filter is chosen (a currency alone is not: it goes with a rate). */
export function hasFilter(f: Filters): boolean {
  return (
    hasRate(f) ||
    hasLocation(f) ||
    f.businessType !== '' ||
    f.countries.length > 0 ||
    f.skills.length > 0 ||
    f.jobTitles.length > 0 ||
    hasDates(f)
  );
}

/** Submit is disabled with no filter, or with Date Range ticked and a date missing. */
export function submitDisabled(f: Filters): boolean {
  if (f.addRange && (f.startDate === '' || f.endDate === '')) return true;
  return !hasFilter(f);
}

/**
 * Search runs only when active and either filters are applied or the query has at least three
 * characters. `query` is the debounced text.
 */
export function shouldSearch(s: SearchState, query: string): boolean {
  return s.searchActive && (s.applied !== null || query.trim().length >= MIN_QUERY_LENGTH);
}

/** POST /search's body: the text, the applied filters (only the set ones) and the order. */
export function searchBody(s: SearchState, query: string): SearchBody {
  const body: SearchBody = {};
  const text = query.trim();
  if (text.length >= MIN_QUERY_LENGTH) body.query = text;
  const f = s.applied;
  if (f) {
    if (hasRate(f)) {
      body.currency = f.currency;
      if (f.minRate !== null) body.from = f.minRate;
      if (f.maxRate !== null) body.to = f.maxRate;
    }
    if (hasLocation(f)) {
      body.location = { ...f.location };
      if (f.radius !== 0) body.radius = f.radius;
    }
    if (f.businessType) body.businessType = f.businessType;
    if (f.countries.length > 0) body.countries = [...f.countries];
    if (f.skills.length > 0) body.skills = f.skills.map(Number);
    if (f.jobTitles.length > 0) body.jobTitles = f.jobTitles.map(Number);
    if (hasDates(f)) {
      body.startDate = f.startDate;
      body.endDate = f.endDate;
    }
  }
  if (s.sortByValue) body.sort_key = s.sortByValue;
  return body;
}

/** The applied date range, when the advanced search has one (Book carries it). */
export function appliedRange(s: SearchState): { startDate: string; endDate: string } | null {
  const f = s.applied;
  return f && hasDates(f) ? { startDate: f.startDate, endDate: f.endDate } : null;
}

/** Year-month-day. */
type IsoDate = string;

/** The advanced search's messages (spec part 1 §5). */
export const searchMessages = {
  rangeTooLong: {
    title: 'Enter Valid Date',
    message: `Date range cannot exceed ${MAX_RANGE_DAYS} days.`,
    autoClose: DURATION.normal,
    kind: 'error',
  } satisfies Toast,
  everyTagMustMatch: 'Every chosen skill and job title must match.',
};

const DAY_MS = 86_400_000;
const utc = (d: IsoDate) => Date.parse(`${d}T00:00:00Z`);

/** Days from start to end (0 when they are the same day). */
export function daysBetween(start: IsoDate, end: IsoDate): number {
  return Math.round((utc(end) - utc(start)) / DAY_MS);
}

export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** A new start date: a start after the end clears the end. */
export function withStart(r: DateRange, startDate: IsoDate): DateRange {
  const clearsEnd = startDate !== '' && r.endDate !== '' && startDate > r.endDate;
  return { startDate, endDate: clearsEnd ? '' : r.endDate };
}

/** A new end date: an end before the start clears the start. */
export function withEnd(r: DateRange, endDate: IsoDate): DateRange {
  const clearsStart = endDate !== '' && r.startDate !== '' && endDate < r.startDate;
  return { startDate: clearsStart ? '' : r.startDate, endDate };
}

/** The range is longer than the search allows (only when both dates are chosen). */
export function rangeTooLong(r: DateRange): boolean {
  return (
    r.startDate !== '' && r.endDate !== '' && daysBetween(r.startDate, r.endDate) > MAX_RANGE_DAYS
  );
}

/** The pickers' bounds: the start from today; the end at most 31 days after the start. */
export function pickerBounds(r: DateRange, today: IsoDate) {
  return {
    startMin: today,
    endMin: r.startDate || today,
    endMax: r.startDate ? addDays(r.startDate, MAX_RANGE_DAYS) : undefined,
  };
}

/** The panel's tabs: the user source split into Freelancer and Staff, then one per source. */
export type TabKey =
  'freelancer' | 'staff' | 'booking' | 'legal_entity' | 'entity' | 'department' | 'job';

export const TABS: readonly { key: TabKey; label: string }[] = [
  { key: 'freelancer', label: 'Freelancer' },
  { key: 'staff', label: 'Staff' },
  { key: 'booking', label: 'Bookings' },
  { key: 'legal_entity', label: 'Legal Entities' },
  { key: 'entity', label: 'Entities' },
  { key: 'department', label: 'Departments' },
  { key: 'job', label: 'Jobs' },
];

export function tabOf(r: SearchResult): TabKey {
  if (r.hiveSource === 'user') return r.roleLabel === 'Freelancer' ? 'freelancer' : 'staff';
  return r.hiveSource;
}

/**
 * The results per tab, each in the server's order (hiveRank descending, or the chosen Order By).
 * Users the server marks unavailable are not shown.
 */
export function groupResults(results: readonly SearchResult[]): Record<TabKey, SearchResult[]> {
  const groups: Record<TabKey, SearchResult[]> = {
    freelancer: [],
    staff: [],
    booking: [],
    legal_entity: [],
    entity: [],
    department: [],
    job: [],
  };
  for (const r of results) {
    if (r.available === false) continue;
    groups[tabOf(r)].push(r);
  }
  return groups;
}

/** The tab to open: the first with results, else Freelancer. */
export function firstTab(groups: Record<TabKey, SearchResult[]>): TabKey {
  return TABS.find((t) => groups[t.key].length > 0)?.key ?? 'freelancer';
}

/** The header's count, in the spec's words: '{n} result(s) for'. */
export const resultCountLabel = (n: number) => `${n} result(s) for`;

/** The selection kept only for freelancers still in the results, in their order. */
export function selectedIn(freelancers: readonly SearchResult[], selected: ReadonlySet<number>) {
  return freelancers.filter((f) => selected.has(f.id)).map((f) => f.id);
}

export const fullName = (r: SearchResult) =>
  [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email || `User ${r.id}`;
