import { Alert, Button, Checkbox, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { FormPasswordField, FormTextInput } from '@/ui/form-fields';
import { useForm } from '@mantine/form';
import { stripWhitespace, validateEmail, validateLoginPassword } from '@/lib/validation';
import type { LoginInput } from '../api/login';

/** Why the last sign-in failed: the message, and whether the credentials were refused. */
export interface LoginFailure {
  message: string;
  credentials: boolean;
}

interface Props {
  loading: boolean;
  onSubmit: (values: LoginInput) => void;
  /** The last attempt's failure, shown in the form until the next attempt. */
  failure?: LoginFailure | null;
}

/**
 * Email and password with the login screen's validation; whitespace is stripped from the email.
 * 'Keep me signed in' asks for a session without the idle timeout (up to 30 days). The email
 * field has focus on load; a failed attempt leaves its message in the form (an alert) and, when
 * the credentials were refused, marks the password invalid.
 */
export function LoginForm({ loading, onSubmit, failure }: Props) {
  const email = useRef<HTMLInputElement>(null);
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

  useEffect(() => {
    email.current?.focus();
  }, []);

  return (
    <form
      noValidate
      aria-label="Log in"
      onSubmit={form.onSubmit((values) => {
        if (!loading) onSubmit(values);
      })}
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title="Could not log in">
            {failure.message}
          </Alert>
        )}
        <FormTextInput
          form={form}
          name="email"
          ref={email}
          label="Email"
          type="email"
          autoComplete="username"
        />
        <FormPasswordField
          form={form}
          name="password"
          label="Password"
          autoComplete="current-password"
          error={form.errors.password ?? (failure?.credentials ? true : undefined)}
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
