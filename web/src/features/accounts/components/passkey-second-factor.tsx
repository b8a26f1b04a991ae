import { Button } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import type { CurrentUser } from '@/api/types';
import { toastForLoginError, toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { appInfoQueryOptions } from '@/lib/session';
import { usePasskeySecondFactor } from '../api/passkeys';
import { isPromptCancelled, PASSKEY_CANCELLED, passkeysSupported } from '../webauthn';

/**
 * 'Use a passkey' on the second sign-in step: one of the account's own passkeys completes the
 * sign-in. Shown only where passkeys work (this browser, and a Hive reached by its domain
 * name). A refusal shows the server's reason; an expired sign-in goes to onExpired.
 */
export function PasskeySecondFactor({
  onSignedIn,
  onExpired,
}: {
  onSignedIn: (user: CurrentUser) => void;
  onExpired: (err: unknown) => boolean;
}) {
  const info = useQuery(appInfoQueryOptions());
  const complete = usePasskeySecondFactor({
    onSuccess: onSignedIn,
    onError: (err) => {
      if (onExpired(err)) return;
      if (isPromptCancelled(err)) notify(toasts.passkeyFailed(PASSKEY_CANCELLED));
      else if (isApiError(err) && err.status !== 503 && err.message)
        notify(toasts.passkeyFailed(err.message));
      else notify(toastForLoginError(err));
    },
  });
  if (info.data?.passkeys !== true || !passkeysSupported()) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFingerprint size={18} aria-hidden="true" />}
      loading={complete.isPending}
      onClick={() => complete.mutate()}
      fullWidth
    >
      Use a passkey
    </Button>
  );
}
