import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { refusalMessage } from '@/lib/errors/refusal';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { toSubmitQueryOptions } from '../api/get-timesheets-to-submit';
import { useSubmitTimesheets } from '../api/submit-timesheets';
import { STATUS_COLOUR, formatMinor, statusLabel } from '../rules';

/**
 * The agenda's 'Timesheets to submit': the freelancer's own timesheets to fill or disputed, each
 * with a checkbox, 'Select all' and 'Submit selected' (POST /timesheet/submit, all or none). It
 * shares the Timesheets screen's query keys and submit mutation, so a submission on either
 * refreshes both; a refusal shows the server's reason here. Nothing shows while loading, on a
 * failed read (the Timesheets screen has the list too) or when there is nothing to submit.
 *
 * `children` is what the page shows below the list: it is mounted at once (its own reads start)
 * but hidden during this read's first attempt, so the list arriving does not push it down (a
 * layout shift of about a third of a phone's screen on the agenda).
 */
export function TimesheetsToSubmit({ userId, children }: { userId: number; children?: ReactNode }) {
  const list = useQuery({ ...toSubmitQueryOptions(userId), meta: { silentErrors: true } });
  // Only the first attempt holds it back: not a retry after a failure, nor a read paused offline.
  const waiting = list.isPending && list.fetchStatus === 'fetching' && list.failureCount === 0;
  return (
    <>
      <ToSubmitList list={list} />
      {children !== undefined && <div hidden={waiting}>{children}</div>}
    </>
  );
}

type ToSubmitPage = Awaited<
  ReturnType<NonNullable<ReturnType<typeof toSubmitQueryOptions>['queryFn']>>
>;

/** The list itself: nothing while loading, on a failed read or when nothing is to submit. */
function ToSubmitList({ list }: { list: UseQueryResult<ToSubmitPage> }) {
  const submit = useSubmitTimesheets({ inPlace: true });
  const [selected, setSelected] = useState<number[]>([]);
  const headingId = useId();
  const items = (list.data?.items ?? []).filter((t) => t.actions.canSubmit);
  if (items.length === 0) return null;
  const ids = items.map((t) => t.id);
  const chosen = selected.filter((id) => ids.includes(id));
  const all = chosen.length === ids.length;
  const refusal = submit.isError
    ? (refusalMessage(submit.error) ?? 'The timesheets could not be submitted. Try again.')
    : '';
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  return (
    <Paper withBorder p="md" radius="md" mb="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            Timesheets to submit ({items.length})
          </Title>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              mih={44}
              onClick={() => setSelected(all ? [] : ids)}
              aria-pressed={all}
            >
              {all ? 'Clear selection' : 'Select all'}
            </Button>
            <Button
              mih={44}
              disabled={chosen.length === 0}
              loading={submit.isPending}
              onClick={() => submit.mutate(chosen, { onSuccess: () => setSelected([]) })}
            >
              Submit selected ({chosen.length})
            </Button>
          </Group>
        </Group>
        {refusal && (
          <Alert color="red" title="Not submitted" role="alert">
            {refusal}
          </Alert>
        )}
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((t) => (
            <li key={t.id}>
              <Group justify="space-between" wrap="nowrap" gap="sm" mih={44}>
                <Checkbox
                  checked={chosen.includes(t.id)}
                  onChange={(e) => toggle(t.id, e.currentTarget.checked)}
                  label={`${t.job}: ${t.placement}, ${formatDate(t.date)}`}
                  description={`${t.startTime}–${t.endTime} · ${formatMinor(t.amountMinor, t.currency)}`}
                />
                <Badge
                  color={STATUS_COLOUR[t.status]}
                  autoContrast
                  variant="filled"
                  style={{ flexShrink: 0 }}
                >
                  {statusLabel(t.status)}
                </Badge>
              </Group>
            </li>
          ))}
        </Stack>
        {list.data && list.data.total > items.length && (
          <Text size="sm" c="dimmed">
            More on the{' '}
            <Anchor component={Link} to={paths.timesheets} inherit>
              Timesheets screen
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
