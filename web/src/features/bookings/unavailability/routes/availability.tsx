import { Button, Card, Group, Indicator, Loader, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { toasts } from '@/lib/errors/catalogue';
import { notifyRefusal } from '@/lib/errors/refusal';
import { notify } from '@/lib/notify';
import { POSITIVE_COLOUR } from '@/ui/colours';
import { PageHeader } from '@/ui/page-header';
import { calendarLabels } from '@/ui/calendar-labels';
import { unavailabilityQueryOptions } from '../api/get-unavailability';
import { useSetUnavailability } from '../api/set-unavailability';
import { formatDate } from '@/lib/format';
import { RetryAlert } from '@/ui/retry-alert';

const ISO = 'YYYY-MM-DD';

/**
 * Mark Availability (spec part 2 §2 Scheduler sidebar, for freelancers): pick dates, then mark
 * them Unavailable or Available again. Marked dates show with a red dot.
 */
export function AvailabilityRoute() {
  const user = useCurrentUser();
  const query = useQuery(unavailabilityQueryOptions(user.id));
  const save = useSetUnavailability(user.id);
  const [picked, setPicked] = useState<string[]>([]);
  const marked = new Set(query.data?.dates ?? []);

  const apply = (unavailable: boolean) =>
    save.mutate(
      { dates: picked, unavailable },
      {
        onSuccess: () => {
          notify(
            unavailable
              ? toasts.unavailabilityMarked(picked.length)
              : toasts.unavailabilityCleared(picked.length),
          );
          setPicked([]);
        },
        onError: notifyRefusal,
      },
    );

  return (
    <Stack maw={720}>
      <PageHeader title="Mark Availability" />
      <Card withBorder>
        <Stack>
          <Text size="sm">
            Select the days, then mark them unavailable or available. Days already marked
            unavailable carry a red dot.
          </Text>
          {query.isError && (
            <RetryAlert
              title="Could not load your unavailable dates"
              onRetry={() => void query.refetch()}
            />
          )}
          <Group justify="center">
            <DatePicker
              type="multiple"
              value={picked}
              onChange={(v) => setPicked(v.map((d) => dayjs(d).format(ISO)))}
              firstDayOfWeek={1}
              // Mantine greys other months' days and reddens weekends below 4.5:1 contrast:
              // hide the first and keep weekends in the text colour.
              hideOutsideDates
              weekendDays={[]}
              locale="en-gb"
              ariaLabels={calendarLabels}
              renderDay={(date) => {
                const d = dayjs(date);
                return (
                  <Indicator size={6} color="red" offset={-2} disabled={!marked.has(d.format(ISO))}>
                    <div>{d.date()}</div>
                  </Indicator>
                );
              }}
              getDayProps={(date) => {
                const iso = dayjs(date).format(ISO);
                return marked.has(iso)
                  ? { 'aria-label': `${dayjs(date).format('D MMMM YYYY')}, unavailable` }
                  : {};
              }}
            />
          </Group>
          <Group justify="center">
            <Button
              color="red"
              disabled={picked.length === 0}
              loading={save.isPending && save.variables?.unavailable}
              onClick={() => apply(true)}
            >
              Unavailable
            </Button>
            <Button
              color={POSITIVE_COLOUR}
              disabled={picked.length === 0}
              loading={save.isPending && !save.variables?.unavailable}
              onClick={() => apply(false)}
            >
              Available
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Unavailable dates
        </Title>
        <MarkedList pending={query.isPending} dates={[...marked].sort()} />
      </Card>
    </Stack>
  );
}

function MarkedList({ pending, dates }: { pending: boolean; dates: string[] }) {
  if (pending) return <Loader size="sm" aria-label="Loading unavailable dates" />;
  if (dates.length === 0)
    return <Text c="dimmed">You have not marked any dates as unavailable.</Text>;
  return (
    <Text size="sm" component="ul" data-testid="unavailable-dates" style={{ columns: '12rem' }}>
      {dates.map((d) => (
        <li key={d}>{formatDate(d)}</li>
      ))}
    </Text>
  );
}

export { AvailabilityRoute as Component };
