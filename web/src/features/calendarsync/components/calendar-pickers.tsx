import { Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { INTERVAL_OPTIONS } from '../rules';

type PickerField = 'readCalendar' | 'writeCalendar' | 'interval';

/**
 * The calendar to read busy times from, the one to write accepted work to and the sync interval:
 * the choices every way of connecting (CalDAV, Google) asks for, on the connecting form's fields.
 */
export function CalendarPickers({
  options,
  getInputProps,
}: {
  options: { value: string; label: string }[];
  getInputProps: (field: PickerField) => GetInputPropsReturnType;
}) {
  return (
    <>
      <Select
        label="Calendar to read busy times from"
        description="Only the times are read: never titles or details"
        data={options}
        allowDeselect={false}
        {...getInputProps('readCalendar')}
      />
      <Select
        label="Calendar to write accepted work to"
        description="May be the same calendar; Hive only changes the events it created"
        data={options}
        allowDeselect={false}
        {...getInputProps('writeCalendar')}
      />
      <Select
        label="Sync"
        data={INTERVAL_OPTIONS.map((o) => ({ ...o }))}
        allowDeselect={false}
        {...getInputProps('interval')}
      />
    </>
  );
}
