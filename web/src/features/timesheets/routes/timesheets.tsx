import { Button, Group, Loader, Pagination, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { loadFailureText } from '@/lib/errors/refusal';
import { useCurrentUser } from '@/lib/current-user';
import { isDepartmentManager } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { RetryAlert } from '@/ui/retry-alert';
import {
  PAGE_SIZE,
  timesheetsQueryOptions,
  type Timesheet,
  type TimesheetStatus,
} from '../api/get-timesheets';
import { useSubmitTimesheets } from '../api/submit-timesheets';
import { DisputeDialog } from '../components/dispute-dialog';
import { EditTimesheetDialog } from '../components/edit-timesheet-dialog';
import { TimesheetCard } from '../components/timesheet-card';
import { EMPTY, TABS } from '../rules';

/**
 * /timesheets: a freelancer's timesheets to fill, submitted, disputed and approved; a
 * department manager's too, the Submitted tab being the approvals queue.
 */
export function Component() {
  const [status, setStatus] = useState<TimesheetStatus>('to_fill');
  const user = useCurrentUser();
  const manager = isDepartmentManager(user);
  return (
    <Stack gap="md">
      <PageHeader title="Timesheets" />
      <Text size="sm" c="dimmed">
        {manager
          ? 'Submitted timesheets of your departments await your approval: approve them, or dispute them with a reason. Unanswered, they are approved when the client’s dispute window passes.'
          : 'When a placement you worked ends, its timesheet appears here, filled from the booking. Correct the times, breaks and expenses, then submit it.'}
      </Text>
      <Tabs
        value={status}
        onChange={(v) => v && setStatus(v as TimesheetStatus)}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.status} value={t.status}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.status} value={t.status} pt="md">
            <TimesheetList status={t.status} showPerson={manager} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function TimesheetList({ status, showPerson }: { status: TimesheetStatus; showPerson: boolean }) {
  const [page, setPage] = useState(1);
  const list = useQuery(timesheetsQueryOptions(status, page));
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Timesheet | null>(null);
  const [disputing, setDisputing] = useState<Timesheet | null>(null);
  const submit = useSubmitTimesheets();
  if (list.isPending) {
    return (
      <Stack align="center" py="lg" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Loading timesheets...</Text>
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <RetryAlert title="The timesheets could not be loaded" onRetry={() => void list.refetch()}>
        {loadFailureText(list.error)}
      </RetryAlert>
    );
  }
  const items = list.data.items ?? [];
  const submittable = items.filter((t) => t.actions.canSubmit).map((t) => t.id);
  const chosen = selected.filter((id) => submittable.includes(id));
  return (
    <Stack gap="sm">
      {submittable.length > 1 && (
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setSelected(chosen.length === submittable.length ? [] : submittable)}
          >
            {chosen.length === submittable.length ? 'Clear selection' : 'Select all'}
          </Button>
          <Button
            size="xs"
            disabled={chosen.length === 0}
            loading={submit.isPending}
            onClick={() => submit.mutate(chosen, { onSuccess: () => setSelected([]) })}
          >
            Submit selected ({chosen.length})
          </Button>
        </Group>
      )}
      {items.length === 0 ? (
        <Text c="dimmed">{EMPTY[status]}</Text>
      ) : (
        items.map((t) => (
          <TimesheetCard
            key={t.id}
            timesheet={t}
            showPerson={showPerson}
            selected={chosen.includes(t.id)}
            onSelect={(on) =>
              setSelected((s) => (on ? [...s, t.id] : s.filter((id) => id !== t.id)))
            }
            onEdit={() => setEditing(t)}
            onDispute={() => setDisputing(t)}
          />
        ))
      )}
      {list.data.total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(list.data.total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': `${c} page` })}
        />
      )}
      {editing && <EditTimesheetDialog timesheet={editing} onClose={() => setEditing(null)} />}
      {disputing && <DisputeDialog timesheet={disputing} onClose={() => setDisputing(null)} />}
    </Stack>
  );
}
