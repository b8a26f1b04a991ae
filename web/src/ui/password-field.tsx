import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { LooseKeys, UseFormReturnType } from '@mantine/form';

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

/**
 * A PasswordField bound to the field `name` of an uncontrolled form: its value, change and error,
 * and the key that renews the field when the form resets. Props given win (a login's own error).
 */
export function FormPasswordField<V>({
  form,
  name,
  ...props
}: Omit<PasswordInputProps, 'form' | 'name'> & {
  form: Pick<UseFormReturnType<V>, 'key' | 'getInputProps'>;
  name: LooseKeys<V>;
}) {
  return <PasswordField key={form.key(name)} {...form.getInputProps(name)} {...props} />;
}
