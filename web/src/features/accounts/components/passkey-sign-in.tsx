import { Button } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import type { CurrentUser } from '@/api/types';
import { toastForLoginError, toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { appInfoQueryOptions } from '@/lib/session';
import { useSignInWithPasskey } from '../api/passkeys';
import { isPromptCancelled, PASSKEY_CANCELLED, passkeysSupported } from '../webauthn';

/**
 * 'Sign in with a passkey' on the login screen: no address asked, the browser offers the
 * passkeys it holds for Hive. Shown only where passkeys work (this browser, and a Hive reached
 * by its domain name). A refusal shows the server's reason; an account that is not activated
 * or must reset its password goes where the password sign-in sends it (onRefused).
 */
export function PasskeySignIn({
  onSignedIn,
  onRefused,
}: {
  onSignedIn: (user: CurrentUser) => void;
  onRefused: (err: unknown) => boolean;
}) {
  const info = useQuery(appInfoQueryOptions());
  const signIn = useSignInWithPasskey({
    onSuccess: onSignedIn,
    onError: (err) => {
      if (onRefused(err)) return;
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
      loading={signIn.isPending}
      onClick={() => signIn.mutate()}
      fullWidth
    >
      Sign in with a passkey
    </Button>
  );
}
