import { Alert, Badge, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { calendarSyncToasts } from '@/lib/errors/catalogue';
import { notifyRefusal } from '@/lib/errors/refusal';
import { formatMediumDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDeleteCalendarConnection } from '../api/delete-calendar-connection';
import type { CalendarConnection } from '../api/get-calendar-connections';
import { useSyncCalendarConnection } from '../api/sync-calendar-connection';
import { useUpdateCalendarConnection } from '../api/update-calendar-connection';
import { BUSY_OWN_CALENDAR, INTERVAL_OPTIONS, intervalLabel, syncState } from '../rules';

const TOUCH = 44;

/** A connected calendar: its state, the last good sync and the last failure, Sync now, the interval and Disconnect. */
export function ConnectionStatus({ connection: c }: { connection: CalendarConnection }) {
  const [confirm, setConfirm] = useState(false);
  const sync = useSyncCalendarConnection();
  const update = useUpdateCalendarConnection();
  const remove = useDeleteCalendarConnection();
  const state = syncState(c);
  const interval = INTERVAL_OPTIONS.some((o) => o.value === String(c.intervalMinutes))
    ? INTERVAL_OPTIONS.map((o) => ({ ...o }))
    : [
        ...INTERVAL_OPTIONS,
        { value: String(c.intervalMinutes), label: intervalLabel(c.intervalMinutes) },
      ];

  const syncNow = () =>
    sync.mutate(c.id, {
      onSuccess: (after) =>
        notify(after.lastError ? calendarSyncToasts.syncFailed : calendarSyncToasts.synced),
      onError: notifyRefusal,
    });

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Badge color={state.colour} variant="filled">
          {state.label}
        </Badge>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {c.username} at {c.serverUrl}
        </Text>
      </Group>
      <Text size="sm">
        Last good sync: {c.lastGoodSyncAt ? formatMediumDateTime(c.lastGoodSyncAt) : 'not yet'}
        {' · '}
        {c.busyBlocks} busy {c.busyBlocks === 1 ? 'time' : 'times'} read, shown to bookers as '
        {BUSY_OWN_CALENDAR}' · {c.writtenEvents} accepted {c.writtenEvents === 1 ? 'job' : 'jobs'}{' '}
        written
      </Text>
      {c.lastError && (
        <Alert color="red" title="The last sync failed" role="alert">
          <Text size="sm">{c.lastError}</Text>
          {c.lastErrorAt && (
            <Text size="xs" c="dimmed">
              At {formatMediumDateTime(c.lastErrorAt)}; Hive keeps the busy times it knows and tries
              again at {formatMediumDateTime(c.nextSyncAt)}.
            </Text>
          )}
        </Alert>
      )}
      <Select
        label="Sync"
        data={interval}
        value={String(c.intervalMinutes)}
        allowDeselect={false}
        maw={320}
        onChange={(v) =>
          v &&
          update.mutate(
            { id: c.id, intervalMinutes: Number(v) },
            { onSuccess: () => notify(calendarSyncToasts.intervalSaved), onError: notifyRefusal },
          )
        }
      />
      <Group gap="xs" wrap="wrap">
        <Button mih={TOUCH} loading={sync.isPending} onClick={syncNow}>
          Sync now
        </Button>
        <Button mih={TOUCH} variant="light" color="red" onClick={() => setConfirm(true)}>
          Disconnect
        </Button>
      </Group>
      <Modal
        opened={confirm}
        onClose={() => setConfirm(false)}
        title="Disconnect your calendar?"
        centered
      >
        <Stack>
          <Text size="sm">
            Hive forgets your busy times and stops writing your accepted work, and ends its access
            to a Google account. The events it already wrote stay in your calendar.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" mih={TOUCH} onClick={() => setConfirm(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              mih={TOUCH}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(c.id, {
                  onSuccess: () => {
                    setConfirm(false);
                    notify(calendarSyncToasts.disconnected);
                  },
                  onError: notifyRefusal,
                })
              }
            >
              Disconnect
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
