import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '@/ui/password-field';
import { useForm } from '@mantine/form';
import { stripWhitespace, validateEmail, validateLoginPassword } from '@/lib/validation';
import type { LoginInput } from '../api/login';

interface Props {
  loading: boolean;
  onSubmit: (values: LoginInput) => void;
}

/**
 * Email and password with the login screen's validation; whitespace is stripped from the email.
 * 'Keep me signed in' asks for a session without the idle timeout (up to 30 days).
 */
export function LoginForm({ loading, onSubmit }: Props) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', remember: false },
    validate: { email: validateEmail, password: validateLoginPassword },
    transformValues: (v) => ({
      email: stripWhitespace(v.email),
      password: v.password,
      remember: v.remember,
    }),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (!loading) onSubmit(values);
      })}
    >
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Checkbox
          label="Keep me signed in"
          description="Only on a device you alone use: you stay signed in for up to 30 days."
          key={form.key('remember')}
          {...form.getInputProps('remember', { type: 'checkbox' })}
        />
        <Button type="submit" loading={loading} fullWidth>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
