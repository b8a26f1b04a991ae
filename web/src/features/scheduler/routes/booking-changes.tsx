import { ActionIcon, Group, SegmentedControl, Tabs, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { monthLabel } from '@/features/bookings';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { isAdmin } from '@/lib/permissions';
import { ChangesGrid } from '../components/changes-grid';
import {
  MONTH_PARAM,
  filtersFromParams,
  monthFromParams,
  monthRange,
  shiftView,
  GRID_VIEW_TITLE,
  VIEW_OPTIONS,
} from '../rules';
import { NAVIGATION_THROTTLE_MS, navigationStep, useThrottled } from '../hooks/use-timing';

/** The two tabs: every change of the month, or only the cancelled instructions. */
const CHANGE_TABS = [
  { value: 'all', tab: 'All', grid: { label: 'All booking changes', cancelledOnly: false } },
  {
    value: 'cancelled',
    tab: 'Cancelled',
    grid: { label: 'Cancelled instructions', cancelledOnly: true },
  },
];

/** The dates the grid covers: every date (the recent changes, by default) or one month. */
const DATE_OPTIONS = [
  { value: 'all', label: 'All dates' },
  { value: 'month', label: 'By month' },
];

/**
 * /bookings/list: 'Recent Booking Changes', with the tabs All and Cancelled. By default every
 * date's instructions, the most recently changed first; with a month in the URL (chosen here, or
 * carried over from the scheduler with the filters) only that month's placements.
 */
export function BookingChangesRoute() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const byMonth = params.has(MONTH_PARAM);
  const month = monthFromParams(params);
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const range = useMemo(() => (byMonth ? monthRange(month) : null), [byMonth, month]);
  const setMonth = (m: string | null) => {
    const next = new URLSearchParams(params);
    if (m === null) next.delete(MONTH_PARAM);
    else next.set(MONTH_PARAM, m);
    setParams(next, { replace: true });
  };
  const move = useThrottled((e: { ctrlKey: boolean; metaKey: boolean }, dir: 1 | -1) => {
    setMonth(shiftView(month, dir * navigationStep(e)));
  }, NAVIGATION_THROTTLE_MS);

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
        <Title order={1} size="h2">
          {GRID_VIEW_TITLE}
        </Title>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            aria-label="Dates"
            value={byMonth ? 'month' : 'all'}
            onChange={(v) => setMonth(v === 'month' ? month : null)}
            data={DATE_OPTIONS}
          />
          {byMonth && (
            <>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Previous month"
                onClick={(e) => move(e, -1)}
              >
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
              <Text fw={600} aria-live="polite" miw={120} ta="center">
                {monthLabel(month)}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Next month"
                onClick={(e) => move(e, 1)}
              >
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            </>
          )}
          <SegmentedControl
            aria-label="View"
            value="grid"
            onChange={(v) => v === 'scheduler' && void navigate(`${paths.bookings}?${params}`)}
            data={VIEW_OPTIONS}
          />
        </Group>
      </Group>
      <Tabs defaultValue="all" keepMounted={false}>
        <Tabs.List>
          {CHANGE_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CHANGE_TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="sm">
            <ChangesGrid {...t.grid} range={range} filters={filters} admin={admin} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

export { BookingChangesRoute as Component };
