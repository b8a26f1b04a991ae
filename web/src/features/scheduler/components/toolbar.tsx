import {
  ActionIcon,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconFilter,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { VIEW_OPTIONS } from '../rules';

export type SchedulerAspect = 'scheduler' | 'grid';

interface Props {
  /** The month ('November 2026') or 'Global View'. */
  title: string;
  /** The month, shown beside Prev/Next when the title does not say it. */
  rangeLabel: string;
  onPrev: (e: MouseEvent) => void;
  onNext: (e: MouseEvent) => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** Department managers: the grid toggle and the filter panel toggle. */
  manager: boolean;
  onAspect: (aspect: SchedulerAspect) => void;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  activeFilters: number;
}

/** The scheduler's toolbar (spec part 2 §2): range, Prev/Next, Refresh and the toggles. */
export function SchedulerToolbar(p: Props) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
      <div>
        <Title order={1} size="h2">
          Bookings
        </Title>
        <Title order={2} size="h4" fw={500}>
          {p.title}
        </Title>
      </div>
      <Group gap="xs" wrap="wrap">
        <Tooltip label="Ctrl-click: three months">
          <ActionIcon variant="default" size="lg" aria-label="Previous month" onClick={p.onPrev}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Text fw={600} aria-live="polite" miw={120} ta="center">
          {p.rangeLabel}
        </Text>
        <Tooltip label="Ctrl-click: three months">
          <ActionIcon variant="default" size="lg" aria-label="Next month" onClick={p.onNext}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button
          variant="default"
          // Not Mantine's `loading`: its dimmed label fails contrast while the month refetches.
          leftSection={
            p.refreshing ? <Loader size={14} aria-hidden /> : <IconRefresh size={16} aria-hidden />
          }
          aria-busy={p.refreshing}
          onClick={p.onRefresh}
        >
          Refresh
        </Button>
        {p.manager && (
          <>
            {/* The full create page, for bookings wider than the sidebar's form. */}
            <Button
              component={Link}
              to={paths.createBooking}
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Create Booking
            </Button>
            <Button
              variant={p.filtersOpen ? 'filled' : 'default'}
              leftSection={<IconFilter size={16} aria-hidden />}
              aria-expanded={p.filtersOpen}
              aria-controls="scheduler-filter-panel"
              onClick={p.onToggleFilters}
            >
              Filters{p.activeFilters ? ` (${p.activeFilters})` : ''}
            </Button>
            <SegmentedControl
              aria-label="View"
              value="scheduler"
              onChange={(v) => p.onAspect(v as SchedulerAspect)}
              data={VIEW_OPTIONS}
            />
          </>
        )}
      </Group>
    </Group>
  );
}
