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
import { isDeadLink, useCheckToken } from '../api/check-token';
import { DeadLink } from '../components/dead-link';
import { BackToLogin } from '../components/back-to-login';

/** Activation failure: the fixed text plus the server's code and message when present. */
export function activationFailureText(err: unknown): string {
  if (!isApiError(err)) return ACTIVATION_FAILED;
  return [ACTIVATION_FAILED, err.errorCode, err.message].filter(Boolean).join(' ');
}

export function ActivateRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useCheckToken(token, 'activation');
  return (
    <AuthCard title="Activate your account">
      {!token ? (
        <Alert color="red" title="Activation failed">
          {ACTIVATION_FAILED} The token is invalid.
        </Alert>
      ) : check.isPending ? (
        <Text size="sm">Checking your link...</Text>
      ) : check.isError ? (
        <DeadLink error={check.error} offerReset={false} />
      ) : (
        <ActivateForm token={token} passwordNeeded={check.data.passwordNeeded} />
      )}
      <BackToLogin />
    </AuthCard>
  );
}

/**
 * Activation asks for a password only of an account created for the user (it has none yet);
 * a self-signed-up account chose one at sign-up and just activates.
 */
function ActivateForm({ token, passwordNeeded }: { token: string; passwordNeeded: boolean }) {
  const navigate = useNavigate();
  const activate = useActivateAccount();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: (v) => (passwordNeeded ? validateNewPassword(v) : null) },
  });

  if (activate.isError && isDeadLink(activate.error)) {
    return <DeadLink error={activate.error} offerReset={false} />;
  }
  return (
    <>
      <Text size="sm">
        {passwordNeeded
          ? 'Choose a password (8 to 50 characters) to activate your account. It replaces any password set before.'
          : 'Activate your account, then log in with the password you chose when you signed up.'}
      </Text>
      {activate.isError && (
        <Alert color="red" title="Activation failed">
          {activationFailureText(activate.error)}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit(({ password }) =>
          activate.mutate(
            { activationToken: token, password: passwordNeeded ? password : null },
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
          {passwordNeeded && (
            <FormPasswordField
              form={form}
              name="password"
              label="Password"
              autoComplete="new-password"
            />
          )}
          <Button type="submit" loading={activate.isPending} fullWidth>
            Activate
          </Button>
        </Stack>
      </form>
    </>
  );
}

export { ActivateRoute as Component };
