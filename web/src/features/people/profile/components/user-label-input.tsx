import { TextInput, type TextInputProps } from '@mantine/core';

/** A user's label: their job title or role, shown under their name on the profile. */
export function UserLabelInput(props: Omit<TextInputProps, 'label' | 'description'>) {
  return <TextInput label="Label" description="Job title or role" {...props} />;
}
