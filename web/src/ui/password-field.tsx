import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * PasswordInput whose show/hide toggle is named without the word "password", so the field
 * is the only thing a label query for "Password" finds. An error marks the field itself
 * aria-invalid (Mantine marks only its wrapper).
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
