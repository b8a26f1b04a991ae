import { Alert, Button, Stack, Text } from '@mantine/core';
import { FormPasswordField } from '@/ui/form-fields';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/api/errors';
import { ACTIVATION_FAILED, toasts } from '@/lib/errors/catalogue';
import { serverFieldErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { validateNewPassword } from '@/lib/validation';
import { AuthCard } from '@/ui/auth-card';
import { useActivateAccount } from '../api/activate-account';
import { BackToLogin } from '../components/back-to-login';

/** Activation failure: the fixed text plus the server's code and message when present. */
export function activationFailureText(err: unknown): string {
  if (!isApiError(err)) return ACTIVATION_FAILED;
  return [ACTIVATION_FAILED, err.errorCode, err.message].filter(Boolean).join(' ');
}

export function ActivateRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const activate = useActivateAccount();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    // The password is only asked of assisted accounts; empty means "not assisted".
    validate: { password: (v) => (v ? validateNewPassword(v) : null) },
  });

  return (
    <AuthCard title="Activate your account">
      <Text size="sm">
        If your account was created for you, choose a password (8 to 50 characters). Otherwise leave
        the password empty.
      </Text>
      {!token && (
        <Alert color="red" title="Activation failed">
          {ACTIVATION_FAILED} The token is invalid.
        </Alert>
      )}
      {activate.isError && (
        <Alert color="red" title="Activation failed">
          {activationFailureText(activate.error)}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit(({ password }) =>
          activate.mutate(
            { activationToken: token, password: password || null },
            {
              onSuccess: (res) => {
                notify(toasts.accountActivated(res.message));
                void navigate(paths.login, { replace: true });
              },
              onError: (err) => form.setErrors(serverFieldErrors(err)),
            },
          ),
        )}
      >
        <Stack gap="sm">
          <FormPasswordField
            form={form}
            name="password"
            label="Password (assisted accounts only)"
            autoComplete="new-password"
          />
          <Button type="submit" loading={activate.isPending} disabled={!token} fullWidth>
            Activate
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}

export { ActivateRoute as Component };
