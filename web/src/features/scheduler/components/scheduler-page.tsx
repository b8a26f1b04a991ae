import { Box, Button, Collapse, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  monthLabel,
  today,
  type IsoDate,
  type IsoMonth,
  type SelectionMode,
} from '@/features/bookings';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { isDepartmentManager } from '@/lib/permissions';
import { summaryKey, summaryQueryOptions } from '../api/get-booking-summary';
import { unavailableQueryOptions } from '../api/get-unavailable-users';
import { MAX_CHIPS } from './day-chips';
import { FilterPanel } from './filter-panel';
import { SchedulerCalendar } from './scheduler-calendar';
import { SchedulerSidebar } from './sidebar';
import { SchedulerToolbar } from './toolbar';
import {
  MONTH_PARAM,
  filterCount,
  filtersFromParams,
  monthFromParams,
  monthRange,
  shiftView,
  withFilters,
  type FilterSet,
  isGlobalView,
  unavailabilityUserIds,
  unavailableDays,
} from '../rules';
import {
  FETCH_DELAY_MS,
  NAVIGATION_THROTTLE_MS,
  REFRESH_THROTTLE_MS,
  navigationStep,
  useDelayed,
  useThrottled,
} from '../hooks/use-timing';

/**
 * Screens at least this wide show the open filter panel beside the calendar (above the sidebar),
 * so opening it keeps the calendar in view; narrower ones show it above the calendar.
 */
export const FILTERS_BESIDE_QUERY = '(min-width: 75em)';

/**
 * /bookings: the scheduler (spec part 2 §2). The month and the filters live in the URL, so a
 * reload or a shared link shows the same view; the selection is the page's own state.
 */
export function SchedulerPage() {
  const user = useCurrentUser();
  const manager = isDepartmentManager(user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const month = monthFromParams(params);
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [selected, setSelected] = useState<IsoDate[]>(() => [today()]);
  const [mode, setMode] = useState<SelectionMode>('range');
  const [filtersOpen, setFiltersOpen] = useState(filterCount(filters) > 0);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const beside = useMediaQuery(FILTERS_BESIDE_QUERY) ?? false;

  // The month is fetched 500 ms after the last move, so quick Prev/Next clicks fetch once.
  const fetchMonth = useDelayed(month, FETCH_DELAY_MS);
  // A day cell shows its first chips and counts the rest: the server lists only those.
  const summary = useQuery(summaryQueryOptions(monthRange(fetchMonth), filters, true, MAX_CHIPS));
  const days = fetchMonth === month ? (summary.data?.days ?? undefined) : undefined;
  // Who is unavailable: the filtered users for managers, a freelancer's own days.
  const unavailableIds = useMemo(() => unavailabilityUserIds(user, filters), [user, filters]);
  const unavailability = useQuery(unavailableQueryOptions(monthRange(fetchMonth), unavailableIds));
  const unavailable = useMemo(
    () => unavailableDays(unavailableIds.length ? unavailability.data : undefined, user.id),
    [unavailability.data, unavailableIds, user.id],
  );

  const setMonth = useCallback(
    (m: IsoMonth) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(MONTH_PARAM, m);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setFilters = (f: FilterSet) => setParams((prev) => withFilters(prev, f), { replace: true });
  const move = useThrottled(
    (e: MouseEvent, dir: 1 | -1) => setMonth(shiftView(month, dir * navigationStep(e))),
    NAVIGATION_THROTTLE_MS,
  );
  const refresh = useThrottled(() => {
    void queryClient.invalidateQueries({ queryKey: summaryKey });
    void queryClient.invalidateQueries({
      queryKey: unavailableQueryOptions(monthRange(month), unavailableIds).queryKey,
    });
  }, REFRESH_THROTTLE_MS);

  const sidebar = <SchedulerSidebar selected={selected} mode={mode} filters={filters} />;
  // One panel, above the calendar or beside it (FILTERS_BESIDE_QUERY); the toolbar's toggle
  // controls it by its id.
  const filterPanel = manager && (
    <Collapse
      expanded={filtersOpen}
      id="scheduler-filter-panel"
      mb={filtersOpen && !beside ? 'sm' : 0}
    >
      <FilterPanel filters={filters} onChange={setFilters} stacked={beside} />
    </Collapse>
  );

  return (
    <>
      <SchedulerToolbar
        title={isGlobalView(user, filters) ? 'Global View' : monthLabel(month)}
        rangeLabel={monthLabel(month)}
        onPrev={(e) => move(e, -1)}
        onNext={(e) => move(e, 1)}
        onRefresh={refresh}
        refreshing={summary.isFetching}
        manager={manager}
        onAspect={(a) => a === 'grid' && void navigate(`${paths.bookingsList}?${params}`)}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((o) => !o)}
        activeFilters={filterCount(filters)}
      />
      {!beside && filterPanel}
      {summary.isError && (
        <Paper withBorder p="sm" mb="sm" role="alert" bg="var(--mantine-color-red-light)">
          <Group justify="space-between">
            <Text size="sm">Could not load the bookings of {monthLabel(month)}.</Text>
            <Button size="xs" variant="light" onClick={() => void summary.refetch()}>
              Retry
            </Button>
          </Group>
        </Paper>
      )}
      {unavailability.isError && (
        <Paper withBorder p="sm" mb="sm" role="alert" bg="var(--mantine-color-red-light)">
          <Group justify="space-between">
            <Text size="sm">Could not load the unavailable days of {monthLabel(month)}.</Text>
            <Button size="xs" variant="light" onClick={() => void unavailability.refetch()}>
              Retry
            </Button>
          </Group>
        </Paper>
      )}
      {phone && (
        <Button mb="sm" variant="light" onClick={() => setDrawerOpen(true)}>
          Open sidebar ({selected.length} {selected.length === 1 ? 'day' : 'days'})
        </Button>
      )}
      <Box
        style={{
          display: 'grid',
          gap: 'var(--mantine-spacing-md)',
          gridTemplateColumns: phone ? 'minmax(0, 1fr)' : 'minmax(0, 1fr) 360px',
          alignItems: 'start',
        }}
      >
        <Box pos="relative" aria-busy={!days && !summary.isError}>
          <SchedulerCalendar
            month={month}
            onMonthChange={setMonth}
            selected={selected}
            onSelectedChange={setSelected}
            mode={mode}
            onModeChange={setMode}
            days={days}
            unavailable={unavailable}
            cellHeight={phone ? 64 : 96}
          />
          {!days && !summary.isError && (
            <Text size="sm" mt="xs" role="status">
              Loading the bookings...
            </Text>
          )}
          {days && days.every((d) => !d.groups?.length) && (
            <Text size="sm" mt="xs" role="status">
              No bookings in {monthLabel(month)}
              {filterCount(filters) ? ' match the filters' : ''}.
            </Text>
          )}
        </Box>
        {!phone && (
          <Stack gap={filtersOpen && beside ? 'md' : 0}>
            {beside && filterPanel}
            <Paper withBorder p="sm" component="aside" aria-label="Sidebar">
              {sidebar}
            </Paper>
          </Stack>
        )}
      </Box>
      {phone && (
        <Drawer
          opened={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title="Sidebar"
          closeButtonProps={{ 'aria-label': 'Close the sidebar' }}
          position="bottom"
          size="85%"
        >
          {sidebar}
        </Drawer>
      )}
    </>
  );
}
