import { Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dayLabel, type IsoDate } from '@/features/bookings';
import { colourLabel, mantineColour } from '@/lib/status/status';
import { paths } from '@/lib/paths';
import { summaryQueryOptions } from '../api/get-booking-summary';
import type { SummaryGroup } from '../rules';
import { detailsRange, type FilterSet } from '../rules';
import { RetryAlert } from '@/ui/retry-alert';
import { SubstitutedName } from '@/ui/substituted-name';

/** The Details tab: the selected days' placement groups with their instructions. */
export function DetailsTab({ selected, filters }: { selected: IsoDate[]; filters: FilterSet }) {
  const range = detailsRange(selected);
  const query = useQuery({
    ...summaryQueryOptions(range ?? { startDate: '', endDate: '' }, filters, false),
    enabled: !!range,
  });
  if (!range) return <Text size="sm">Select days on the calendar to see their bookings.</Text>;
  if (query.isPending) return <Loader size="sm" aria-label="Loading the details" />;
  if (query.isError) {
    return <RetryAlert title="Could not load the details" onRetry={() => void query.refetch()} />;
  }
  const chosen = new Set(selected);
  const days = (query.data.days ?? []).filter((d) => chosen.has(d.date) && d.groups?.length);
  if (days.length === 0) return <Text size="sm">No bookings on the selected days.</Text>;
  return (
    <Stack gap="md">
      {days.map((d) => (
        <section key={d.date} aria-label={dayLabel(d.date)}>
          <Text fw={600} size="sm" mb={4}>
            {dayLabel(d.date)}
          </Text>
          <Stack gap="xs">
            {(d.groups ?? []).map((g) => (
              <GroupCard key={`${g.bookingId}-${g.placementIds?.[0]}-${g.startTime}`} group={g} />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

function GroupCard({ group: g }: { group: SummaryGroup }) {
  return (
    <Stack
      gap={2}
      p="xs"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
    >
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Anchor
          component={Link}
          to={paths.editBooking(g.bookingId, g.placementIds?.[0])}
          size="sm"
          fw={600}
        >
          {g.placementTitle}
          {g.bookingTitle !== g.placementTitle ? ` (${g.bookingTitle})` : ''}
        </Anchor>
        <Badge
          color={mantineColour[g.colour]}
          autoContrast
          size="sm"
          tt="none"
          style={{ flexShrink: 0 }}
        >
          {colourLabel[g.colour]}
        </Badge>
      </Group>
      <Text size="xs">
        {g.startTime}–{g.endTime}
        {g.overnight ? ' (overnight)' : ''} · {g.clientName} · {g.departmentName}
      </Text>
      {(g.instructions ?? []).length === 0 ? (
        <Text size="xs">No user assigned</Text>
      ) : (
        <ul style={{ margin: 0, paddingLeft: 16 }}>
          {(g.instructions ?? []).map((i) => (
            <li key={i.id}>
              <SubstitutedName name={i.fullName} substituted={i.substituted} size="xs" />
              <Text size="xs" span>
                {' '}
                – {colourLabel[i.colour]}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
