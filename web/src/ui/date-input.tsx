import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useId } from 'react';
import { calendarLabels } from './calendar-labels';

/**
 * Mantine's DatePickerInput made accessible once, for every form that picks one date: the
 * calendar's controls are named (calendarLabels); the popover is named by its field (the dialog
 * is labelled by its target's id, which Mantine gives another id than the field's unless both
 * are set); other months' days (grey) and weekends (red) are not drawn in colours below 4.5:1
 * on white, as the availability calendar does.
 */
export function DateInput(props: DatePickerInputProps<'default'>) {
  const generated = useId();
  const id = props.id ?? `date-input-${generated.replace(/:/g, '')}`;
  return (
    <DatePickerInput
      ariaLabels={calendarLabels}
      hideOutsideDates
      weekendDays={[]}
      {...props}
      id={id}
      popoverProps={{ ...props.popoverProps, id }}
    />
  );
}
