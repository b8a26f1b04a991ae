import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A required time of day typed as HH:mm (a placement's start or end). The form checks the
 * pattern; the placeholder shows it.
 */
export function TimeOfDayInput(props: Omit<TextInputProps, 'placeholder' | 'withAsterisk'>) {
  return <TextInput placeholder="HH:mm" withAsterisk {...props} />;
}
