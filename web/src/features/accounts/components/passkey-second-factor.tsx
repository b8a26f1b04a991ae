import type { CurrentUser } from '@/api/types';
import { usePasskeySecondFactor } from '../api/passkey-second-factor';
import { notifyPasskeyFailure, PasskeyButton } from './passkey-button';

/**
 * 'Use a passkey' on the second sign-in step: one of the account's own passkeys completes the
 * sign-in. A refusal shows the server's reason; an expired sign-in goes to onExpired.
 */
export function PasskeySecondFactor({
  onSignedIn,
  onExpired,
}: {
  onSignedIn: (user: CurrentUser) => void;
  onExpired: (err: unknown) => boolean;
}) {
  const complete = usePasskeySecondFactor({
    onSuccess: onSignedIn,
    onError: (err) => {
      if (!onExpired(err)) notifyPasskeyFailure(err);
    },
  });
  return (
    <PasskeyButton
      label="Use a passkey"
      pending={complete.isPending}
      onClick={() => complete.mutate()}
    />
  );
}
