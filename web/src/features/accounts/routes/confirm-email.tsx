import { Alert, Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/api/errors';
import { DURATION } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { AuthCard } from '@/ui/auth-card';
import { BackToLogin } from '../components/back-to-login';
import { accountKeys } from '@/lib/query-keys';

/** Applies an email change with the token of its confirmation link (no session needed). */
export const confirmEmail = (token: string) =>
  unwrap(api.POST('/account/confirm-email', { body: { token } }));

function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

const INVALID_LINK = 'This link is invalid, has been used, or has expired. Request a new one.';

/**
 * /confirm-email?token=...: the link mailed to a new address. Confirming is a click, not a page
 * load, so a mail scanner that opens links does not change anyone's address. Afterwards the
 * user goes to the app (or to the login page when signed out), with the server's message.
 */
export function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmEmail();

  return (
    <AuthCard title="Confirm your new email address">
      <Text size="sm">
        Confirm to make this address the one you log in with. Your other sessions will end.
      </Text>
      {!token && (
        <Alert color="red" title="Confirmation failed">
          {INVALID_LINK}
        </Alert>
      )}
      {confirm.isError && (
        <Alert color="red" title="Confirmation failed" role="alert">
          {isApiError(confirm.error) ? confirm.error.message : INVALID_LINK}
        </Alert>
      )}
      <Button
        fullWidth
        disabled={!token}
        loading={confirm.isPending}
        onClick={() =>
          confirm.mutate(token, {
            onSuccess: (res) => {
              notify({
                kind: 'success',
                title: 'Email Changed',
                message: res.message,
                autoClose: DURATION.long,
              });
              void navigate(paths.home, { replace: true });
            },
          })
        }
      >
        Confirm new address
      </Button>
      <BackToLogin />
    </AuthCard>
  );
}

export { ConfirmEmailRoute as Component };
