import { Anchor, Card, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { countOf } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * What the timesheets ask of the user (whoami's timesheetActions, part of actions required):
 * their own to fill or disputed, and, for a manager, submitted ones to approve. A link to
 * Timesheets, where each is answered.
 */
export function TimesheetsWaiting({ count }: { count: number }) {
  return (
    <section aria-labelledby="timesheets-title">
      <Card withBorder>
        <Title order={2} size="h4" id="timesheets-title" mb="xs">
          Timesheets
        </Title>
        <Text size="sm" mb="xs">
          {countOf(count, 'timesheet')} {count === 1 ? 'awaits' : 'await'} you: to fill, to correct
          after a dispute, or to approve.
        </Text>
        <Anchor component={Link} to={paths.timesheets} size="sm">
          Open Timesheets
        </Anchor>
      </Card>
    </section>
  );
}
