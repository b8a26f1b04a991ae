import { Button, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '@/ui/password-field';
import { useForm } from '@mantine/form';
import { stripWhitespace, validateEmail, validateLoginPassword } from '@/lib/validation';
import type { LoginInput } from '../api/login';

interface Props {
  loading: boolean;
  onSubmit: (values: LoginInput) => void;
}

/** Email and password with the login screen's validation; whitespace is stripped from the email. */
export function LoginForm({ loading, onSubmit }: Props) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: { email: validateEmail, password: validateLoginPassword },
    transformValues: (v) => ({ email: stripWhitespace(v.email), password: v.password }),
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
        <Button type="submit" loading={loading} fullWidth>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
