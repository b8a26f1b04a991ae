import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { FormPasswordField } from '@/ui/form-fields';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { validateNewPassword } from '@/lib/validation';
import { AuthCard } from '@/ui/auth-card';
import { isDeadLink, useCheckToken } from '../api/check-token';
import { useResetPassword } from '../api/reset-password';
import { DeadLink } from '../components/dead-link';
import { BackToLogin } from '../components/back-to-login';

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useCheckToken(token, 'reset');
  const warned = useRef(false);

  useEffect(() => {
    if (!token && !warned.current) {
      warned.current = true;
      notify(toasts.invalidToken);
    }
  }, [token]);

  return (
    <AuthCard title="Set a new password" subtitle="Choose a password of 8 to 50 characters.">
      {!token ? (
        <Alert color="red" title="Invalid Token">
          The token is invalid.{' '}
          <Anchor component={Link} to={paths.requestPasswordReset}>
            Request a new reset link
          </Anchor>
          .
        </Alert>
      ) : check.isPending ? (
        <Text size="sm">Checking your link...</Text>
      ) : check.isError ? (
        <DeadLink error={check.error} offerReset />
      ) : (
        <ResetForm token={token} />
      )}
      <BackToLogin />
    </AuthCard>
  );
}

/** The new password; a link used or expired meanwhile says so and offers a new one. */
function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: validateNewPassword },
  });

  if (reset.isError && isDeadLink(reset.error)) {
    return <DeadLink error={reset.error} offerReset />;
  }
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ password }) =>
        reset.mutate(
          { token, password },
          {
            onSuccess: (res) => {
              notify(toasts.passwordReset(res.message));
              void navigate(paths.login, { replace: true });
            },
            onError: (err) => {
              if (!isDeadLink(err)) notify(applyServerErrors(form, err));
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <FormPasswordField
          form={form}
          name="password"
          label="New password"
          autoComplete="new-password"
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}

export { ResetPasswordRoute as Component };
