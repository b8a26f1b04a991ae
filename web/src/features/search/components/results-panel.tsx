import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { forwardRef, useState, type KeyboardEvent } from 'react';
import { isApiError } from '@/api/errors';
import { refusalMessage } from '@/lib/errors/refusal';
import type { SearchResult } from '../api/search';
import {
  firstTab,
  groupResults,
  resultCountLabel,
  selectedIn,
  TABS,
  type TabKey,
  MIN_QUERY_LENGTH,
  SORT_OPTIONS,
  type SortKey,
} from '../rules';
import { FreelancerCard, RecordCard, StaffCard } from './result-cards';
import classes from './search.module.css';
import { RetryAlert } from '@/ui/retry-alert';

export interface ResultsPanelProps {
  results: UseQueryResult<SearchResult[]>;
  /** The text is too short to search and no advanced search is applied. */
  tooShort: boolean;
  /** The quoted query, or null for the advanced search. */
  query: string | null;
  sortBy: SortKey | null;
  onSortBy: (value: SortKey | null) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  onBook: (freelancerIds: number[]) => void;
  /** Escape, the close button, or leaving through a View link. */
  onClose: () => void;
}

/** What a failed search says: the server's refusal (a 422's reasons) or a plain failure. */
export function searchErrorText(err: unknown): string {
  const reasons = isApiError(err) ? err.detail.map((d) => d.msg).filter(Boolean) : [];
  if (reasons.length > 0) return reasons.join(' ');
  return refusalMessage(err) ?? 'The search could not be completed. Try again.';
}

/**
 * The results panel (spec part 1 §2): '{n} result(s) for' the quoted query or 'Freelancer
 * Advanced Search'; tabs per source with counts (users split into Freelancer and Staff); Select
 * All / Deselect All, 'Selected: n / total', Order By and Book over the freelancers.
 */
export const ResultsPanel = forwardRef<HTMLDivElement, ResultsPanelProps>(function ResultsPanel(
  { results, tooShort, query, sortBy, onSortBy, selected, onSelect, onBook, onClose },
  ref,
) {
  const list = results.data ?? [];
  const groups = groupResults(list);
  const total = TABS.reduce((n, t) => n + groups[t.key].length, 0);
  const [tab, setTab] = useState<TabKey | null>(null);
  // The chosen tab, while it has results; else the first that has.
  const shownTab = tab && groups[tab].length > 0 ? tab : firstTab(groups);
  const freelancers = groups.freelancer;
  const chosen = selectedIn(freelancers, selected);
  const allChosen = freelancers.length > 0 && chosen.length === freelancers.length;

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
  };

  return (
    <Paper
      ref={ref}
      className={classes.panel}
      shadow="lg"
      withBorder
      p="md"
      role="region"
      aria-label="Search results"
      onKeyDown={onKeyDown}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" aria-live="polite">
            {tooShort ? (
              'Search'
            ) : results.isPending && results.fetchStatus !== 'idle' ? (
              'Searching…'
            ) : (
              <>
                {resultCountLabel(total)}{' '}
                {query === null ? 'Freelancer Advanced Search' : `“${query}”`}
              </>
            )}
          </Title>
          <ActionIcon variant="subtle" color="dark" onClick={onClose} aria-label="Close search">
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Group>

        <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Freelancer selection">
          <Button
            size="xs"
            variant="default"
            disabled={freelancers.length === 0}
            onClick={() => onSelect(allChosen ? new Set() : new Set(freelancers.map((f) => f.id)))}
          >
            {allChosen ? 'Deselect All' : 'Select All'}
          </Button>
          <Text size="sm" aria-live="polite" data-testid="selected-count">
            Selected: {chosen.length} / {freelancers.length}
          </Text>
          <Select
            size="xs"
            aria-label="Order By"
            placeholder="Order By"
            w={170}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the order' }}
            data={SORT_OPTIONS as { value: string; label: string }[]}
            value={sortBy}
            onChange={(v) => onSortBy((v as SortKey | null) ?? null)}
            comboboxProps={{ withinPortal: false }}
          />
          <Button size="xs" disabled={chosen.length === 0} onClick={() => onBook(chosen)}>
            Book
          </Button>
        </Group>

        {tooShort ? (
          <Text size="sm">Type at least {MIN_QUERY_LENGTH} characters to search.</Text>
        ) : (
          <PanelBody
            results={results}
            groups={groups}
            tab={shownTab}
            onTab={setTab}
            selected={selected}
            toggle={toggle}
            onLeave={onClose}
            total={total}
          />
        )}
      </Stack>
    </Paper>
  );
});

function PanelBody({
  results,
  groups,
  tab,
  onTab,
  selected,
  toggle,
  onLeave,
  total,
}: {
  results: UseQueryResult<SearchResult[]>;
  groups: Record<TabKey, SearchResult[]>;
  tab: TabKey;
  onTab: (t: TabKey) => void;
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  onLeave: () => void;
  total: number;
}) {
  if (results.isError) {
    return (
      <RetryAlert title="Search failed" onRetry={() => void results.refetch()}>
        <Text size="sm">{searchErrorText(results.error)}</Text>
      </RetryAlert>
    );
  }
  if (results.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label="Searching" />
      </Group>
    );
  }
  if (total === 0) {
    return <Text size="sm">Nothing matches this search.</Text>;
  }
  return (
    <Tabs value={tab} onChange={(v) => v && onTab(v as TabKey)} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} value={t.key} disabled={groups[t.key].length === 0}>
            {t.label} ({groups[t.key].length})
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((t) => (
        <Tabs.Panel key={t.key} value={t.key} pt="sm">
          <Stack gap="xs">
            {groups[t.key].map((r) =>
              t.key === 'freelancer' ? (
                <FreelancerCard
                  key={r.id}
                  result={r}
                  selected={selected.has(r.id)}
                  onToggle={() => toggle(r.id)}
                  onLeave={onLeave}
                />
              ) : t.key === 'staff' ? (
                <StaffCard key={r.id} result={r} onLeave={onLeave} />
              ) : (
                <RecordCard key={`${r.hiveSource}-${r.id}`} result={r} onLeave={onLeave} />
              ),
            )}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
