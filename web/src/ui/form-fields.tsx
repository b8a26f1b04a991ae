import { TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import type { Ref } from 'react';
import { PasswordField } from './password-field';

/**
 * The field `name` of an uncontrolled form (Mantine's mode 'uncontrolled'), which an input shows:
 * its value, change and error, and the key that renews the input when the form resets.
 */
interface BoundTo<V> {
  form: Pick<UseFormReturnType<V>, 'key' | 'getInputProps'>;
  name: LooseKeys<V>;
}

/** A TextInput bound to a form's field; props given win. */
export function FormTextInput<V>({
  form,
  name,
  ...props
}: Omit<TextInputProps, 'form' | 'name'> & BoundTo<V> & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput key={form.key(name)} {...form.getInputProps(name)} {...props} />;
}

/** A PasswordField bound to a form's field; props given win (a login's own error). */
export function FormPasswordField<V>({
  form,
  name,
  ...props
}: Omit<PasswordInputProps, 'form' | 'name'> & BoundTo<V>) {
  return <PasswordField key={form.key(name)} {...form.getInputProps(name)} {...props} />;
}
