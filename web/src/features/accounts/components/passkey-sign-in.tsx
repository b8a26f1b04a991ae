import type { CurrentUser } from '@/api/types';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey';
import { notifyPasskeyFailure, PasskeyButton } from './passkey-button';

/**
 * 'Sign in with a passkey' on the login screen: no address asked, the browser offers the
 * passkeys it holds for Hive. A refusal shows the server's reason; an account that is not
 * activated or must reset its password goes where the password sign-in sends it (onRefused).
 */
export function PasskeySignIn({
  onSignedIn,
  onRefused,
}: {
  onSignedIn: (user: CurrentUser) => void;
  onRefused: (err: unknown) => boolean;
}) {
  const signIn = useSignInWithPasskey({
    onSuccess: onSignedIn,
    onError: (err) => {
      if (!onRefused(err)) notifyPasskeyFailure(err);
    },
  });
  return (
    <PasskeyButton
      label="Sign in with a passkey"
      pending={signIn.isPending}
      onClick={() => signIn.mutate()}
    />
  );
}
