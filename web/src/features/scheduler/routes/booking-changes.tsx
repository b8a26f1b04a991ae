import { ActionIcon, Group, SegmentedControl, Tabs, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { monthLabel } from '@/features/bookings';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { isAdmin } from '@/lib/permissions';
import { ChangesGrid } from '../components/changes-grid';
import { MONTH_PARAM, filtersFromParams, monthFromParams, monthRange, shiftView } from '../filters';
import { NAVIGATION_THROTTLE_MS, navigationStep, useThrottled } from '../timing';
import { GRID_VIEW_TITLE, VIEW_OPTIONS } from '../views';

/** The two tabs: every change of the month, or only the cancelled instructions. */
const CHANGE_TABS = [
  { value: 'all', tab: 'All', grid: { label: 'All booking changes', cancelledOnly: false } },
  {
    value: 'cancelled',
    tab: 'Cancelled',
    grid: { label: 'Cancelled instructions', cancelledOnly: true },
  },
];

/**
 * /bookings/list: 'Recent Booking Changes', the instructions of the month shown in the scheduler
 * (same URL params: month and filters), with the tabs All and Cancelled.
 */
export function BookingChangesRoute() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const month = monthFromParams(params);
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const range = useMemo(() => monthRange(month), [month]);
  const move = useThrottled((e: { ctrlKey: boolean; metaKey: boolean }, dir: 1 | -1) => {
    const next = new URLSearchParams(params);
    next.set(MONTH_PARAM, shiftView(month, dir * navigationStep(e)));
    setParams(next, { replace: true });
  }, NAVIGATION_THROTTLE_MS);

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
        <Title order={1} size="h2">
          {GRID_VIEW_TITLE}
        </Title>
        <Group gap="xs" wrap="wrap">
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
