import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { calendarSyncToasts } from '@/lib/errors/catalogue';
import { loadFailureText } from '@/lib/errors/refusal';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import type { CalendarInfo } from '../api/discover-calendars';
import { useCreateGoogleConnection } from '../api/create-google-connection';
import { GOOGLE_START, useDiscoverGoogleCalendars } from '../api/discover-google-calendars';
import { DEFAULT_INTERVAL } from '../rules';
import { CalendarPickers } from './calendar-pickers';

const TOUCH = 44;

/** "Connect Google Calendar": to Google's consent screen (Google's CalDAV takes no app password). */
export function GoogleConnectButton({ again = false }: { again?: boolean }) {
  return (
    <Button
      component="a"
      href={GOOGLE_START}
      variant="default"
      mih={TOUCH}
      style={{ alignSelf: 'flex-start' }}
    >
      {again ? 'Try Google Calendar again' : 'Connect Google Calendar'}
    </Button>
  );
}

/**
 * Back from Google with access granted: the account's calendars, one to read busy times from and
 * one to write accepted work to, and how often to sync.
 */
export function GoogleConnectForm() {
  const discover = useDiscoverGoogleCalendars();
  const create = useCreateGoogleConnection();
  const [calendars, setCalendars] = useState<CalendarInfo[] | null>(null);
  const form = useForm({
    initialValues: { readCalendar: '', writeCalendar: '', interval: DEFAULT_INTERVAL },
    validate: {
      readCalendar: (v) => (v ? null : 'Choose the calendar to read busy times from'),
      writeCalendar: (v) => (v ? null : 'Choose the calendar to write your work to'),
    },
  });
  const { mutate } = discover;
  const { setValues } = form;
  useEffect(() => {
    mutate(undefined, {
      onSuccess: (found) => {
        const first = found.calendars?.[0]?.path ?? '';
        setCalendars(found.calendars ?? []);
        setValues({ readCalendar: first, writeCalendar: first });
      },
    });
    // Once, on the return from Google.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const connect = withServerErrors(form, async (values: typeof form.values) => {
    await create.mutateAsync({
      readCalendar: values.readCalendar,
      writeCalendar: values.writeCalendar,
      intervalMinutes: Number(values.interval),
    });
    notify(calendarSyncToasts.connected);
  });
  if (discover.isError) {
    return (
      <Stack gap="sm">
        <Alert color="red" title="Google Calendar could not be read">
          {loadFailureText(discover.error)}
        </Alert>
        <GoogleConnectButton again />
      </Stack>
    );
  }
  if (!calendars) {
    return <Text size="sm">Reading your Google calendars…</Text>;
  }
  const options = calendars.map((c) => ({ value: c.path, label: c.name }));
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(connect, refusedSubmit)}
      aria-label="Connect Google Calendar"
    >
      <Stack gap="sm" maw={480}>
        <Text size="sm">Google granted Hive access. Choose the calendars:</Text>
        <CalendarPickers options={options} getInputProps={form.getInputProps} />
        <Button
          type="submit"
          mih={TOUCH}
          loading={create.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Connect Google Calendar
        </Button>
      </Stack>
    </form>
  );
}
