import { Button } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { toastForLoginError, toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { appInfoQueryOptions } from '@/lib/session';
import { isPromptCancelled, PASSKEY_CANCELLED, passkeysSupported } from '../rules';

/** Tells why a passkey did not sign in: the prompt was cancelled, or the server's reason. */
export function notifyPasskeyFailure(err: unknown) {
  if (isPromptCancelled(err)) notify(toasts.passkeyFailed(PASSKEY_CANCELLED));
  else if (isApiError(err) && err.status !== 503 && err.message)
    notify(toasts.passkeyFailed(err.message));
  else notify(toastForLoginError(err));
}

/**
 * A sign-in button that asks the browser for a passkey. Shown only where passkeys work (this
 * browser, and a Hive reached by its domain name).
 */
export function PasskeyButton({
  label,
  pending,
  onClick,
}: {
  label: string;
  pending: boolean;
  onClick: () => void;
}) {
  const info = useQuery(appInfoQueryOptions());
  if (info.data?.passkeys !== true || !passkeysSupported()) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFingerprint size={18} aria-hidden="true" />}
      loading={pending}
      onClick={onClick}
      fullWidth
    >
      {label}
    </Button>
  );
}
