import '@mantine/charts/styles.css';
import {
  Alert,
  Button,
  Center,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { refusalMessage } from '@/lib/errors/refusal';
import { formatMediumDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { isAdmin } from '@/lib/permissions';
import { DateInput } from '@/ui/date-input';
import { PageHeader } from '@/ui/page-header';
import { dashboardEmbedQueryOptions } from '../api/get-dashboard-embed';
import { dashboardStatsQueryOptions } from '../api/get-dashboard-stats';
import { StatsCharts } from '../components/stats-charts';
import { canSeeDashboard, defaultRange, isEmpty, type DateRange } from '../rules';

/** The embedded analytics dashboard's height (spec part 2 §9). */
export const EMBED_HEIGHT = 2000;

const DATE_FORMAT = 'ddd, DD MMM YYYY';

/**
 * /dashboard (spec part 2 §2): built-in charts of one stats call over a date
 * range, scoped by the server to what the caller manages. When the server has an analytics
 * product configured, administrators may switch to it, embedded 2000 px high; the built-in
 * charts stay the default.
 */
export function DashboardRoute() {
  const user = useCurrentUser();
  const allowed = canSeeDashboard(user);
  const admin = isAdmin(user);
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [mode, setMode] = useState<'charts' | 'embed'>('charts');
  const embed = useQuery({ ...dashboardEmbedQueryOptions(), enabled: allowed && admin });
  const embedURL = embed.data?.url ?? null;

  if (!allowed) return <Navigate to={paths.bookings} replace />;

  return (
    <>
      <PageHeader title="Dashboard">
        {embedURL && (
          <SegmentedControl
            aria-label="Dashboard view"
            value={mode}
            onChange={(v) => setMode(v as 'charts' | 'embed')}
            data={[
              { value: 'charts', label: 'Built-in charts' },
              { value: 'embed', label: 'Analytics' },
            ]}
          />
        )}
      </PageHeader>
      {mode === 'embed' && embedURL ? (
        <iframe
          title="Analytics dashboard"
          src={embedURL}
          width="100%"
          height={EMBED_HEIGHT}
          style={{ border: 0, display: 'block' }}
        />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} maw={560}>
            <DateInput
              label="Start date"
              value={range.start}
              onChange={(v) => v && setRange((r) => ({ ...r, start: v }))}
              valueFormat={DATE_FORMAT}
            />
            <DateInput
              label="End date"
              value={range.end}
              onChange={(v) => v && setRange((r) => ({ ...r, end: v }))}
              valueFormat={DATE_FORMAT}
            />
          </SimpleGrid>
          <Figures range={range} />
        </Stack>
      )}
    </>
  );
}

function Figures({ range }: { range: DateRange }) {
  const stats = useQuery(dashboardStatsQueryOptions(range));
  if (stats.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the dashboard" />
      </Center>
    );
  }
  if (stats.isError) {
    return (
      <Alert color="red" title="The dashboard could not be loaded" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{refusalMessage(stats.error) ?? 'Please try again.'}</Text>
          <Button size="xs" variant="default" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isEmpty(stats.data)) {
    return (
      <Text c="dimmed" role="status">
        No placements between {formatMediumDate(`${range.start}T00:00:00`)} and{' '}
        {formatMediumDate(`${range.end}T00:00:00`)}.
      </Text>
    );
  }
  return <StatsCharts stats={stats.data} />;
}

export { DashboardRoute as Component };
