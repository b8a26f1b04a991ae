import { Alert, Anchor, Button, Stack } from '@mantine/core';
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
import { useResetPassword } from '../api/reset-password';
import { BackToLogin } from '../components/back-to-login';

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const warned = useRef(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: validateNewPassword },
  });

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
      ) : (
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
                onError: (err) => notify(applyServerErrors(form, err)),
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
      )}
      <BackToLogin />
    </AuthCard>
  );
}

export { ResetPasswordRoute as Component };
