import type { SearchResult } from '../api/search';

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
