import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { calendarSyncToasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { PasswordField } from '@/ui/password-field';
import { useCreateCalendarConnection } from '../api/create-calendar-connection';
import { useDiscoverCalendars, type CalendarInfo } from '../api/discover-calendars';
import { DEFAULT_INTERVAL, PROVIDER_HINTS } from '../rules';
import { CalendarPickers } from './calendar-pickers';

const TOUCH = 44;

/**
 * Connect a CalDAV calendar: the address, user name and app password find the account's
 * calendars (discovery); then one to read busy times from and one to write accepted work to
 * (the same one may be both), and how often to sync.
 */
export function ConnectForm() {
  const [calendars, setCalendars] = useState<CalendarInfo[] | null>(null);
  const discover = useDiscoverCalendars();
  const create = useCreateCalendarConnection();
  const form = useForm({
    initialValues: {
      serverUrl: '',
      username: '',
      password: '',
      readCalendar: '',
      writeCalendar: '',
      interval: DEFAULT_INTERVAL,
    },
    validate: {
      serverUrl: (v) => (v.trim() ? null : 'Enter the calendar server address'),
      username: (v) => (v.trim() ? null : 'Enter your user name'),
      password: (v) => (v ? null : 'Enter an app password'),
      readCalendar: (v) => (calendars && !v ? 'Choose the calendar to read busy times from' : null),
      writeCalendar: (v) => (calendars && !v ? 'Choose the calendar to write your work to' : null),
    },
  });
  const options = (calendars ?? []).map((c) => ({ value: c.path, label: c.name }));

  const find = withServerErrors(form, async (values: typeof form.values) => {
    const found = await discover.mutateAsync({
      serverUrl: values.serverUrl,
      username: values.username,
      password: values.password,
    });
    const first = found.calendars?.[0]?.path ?? '';
    setCalendars(found.calendars ?? []);
    form.setValues({ readCalendar: first, writeCalendar: first });
  });
  const connect = withServerErrors(form, async (values: typeof form.values) => {
    await create.mutateAsync({
      serverUrl: values.serverUrl,
      username: values.username,
      password: values.password,
      readCalendar: values.readCalendar,
      writeCalendar: values.writeCalendar,
      intervalMinutes: Number(values.interval),
    });
    notify(calendarSyncToasts.connected);
  });

  return (
    <form noValidate onSubmit={form.onSubmit(calendars ? connect : find, refusedSubmit)}>
      <Stack gap="sm" maw={480}>
        <TextInput
          label="CalDAV address"
          description="Your provider's CalDAV address, or its domain to look it up"
          placeholder="https://caldav.fastmail.com"
          inputMode="url"
          autoComplete="url"
          disabled={calendars !== null}
          {...form.getInputProps('serverUrl')}
        />
        <TextInput
          label="User name"
          autoComplete="username"
          disabled={calendars !== null}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label="App password"
          description="An app password made for Hive, not your main password. It is stored encrypted and never shown again."
          autoComplete="off"
          disabled={calendars !== null}
          {...form.getInputProps('password')}
        />
        {calendars === null ? (
          <>
            <Button
              type="submit"
              mih={TOUCH}
              loading={discover.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              Find calendars
            </Button>
            <Text size="xs" c="dimmed">
              {PROVIDER_HINTS.map((p) => `${p.name}: ${p.url} (${p.note})`).join(' · ')}
            </Text>
          </>
        ) : (
          <>
            <CalendarPickers options={options} getInputProps={form.getInputProps} />
            <Stack gap="xs" style={{ alignSelf: 'flex-start' }}>
              <Button type="submit" mih={TOUCH} loading={create.isPending}>
                Connect calendar
              </Button>
              <Button variant="subtle" mih={TOUCH} onClick={() => setCalendars(null)}>
                Change account
              </Button>
            </Stack>
          </>
        )}
      </Stack>
    </form>
  );
}
