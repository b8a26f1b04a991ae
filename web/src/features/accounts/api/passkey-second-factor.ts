import type { CurrentUser } from '@/api/types';
import { assertionJSON, requestOptions } from '../rules';
import { beginPasskeySecondFactor } from './begin-passkey-second-factor';
import { finishPasskeySecondFactor } from './finish-passkey-second-factor';
import {
  browserCredential,
  type PasskeySignInOptions,
  usePasskeySignInMutation,
} from './passkey-prompt';

/**
 * Completes a sign-in waiting for its second factor with a passkey: the server offers only the
 * passkeys of the pending sign-in's own user.
 */
export async function completeSignInWithPasskey(): Promise<CurrentUser> {
  const begun = await beginPasskeySecondFactor();
  const credential = await browserCredential(() =>
    navigator.credentials.get({ publicKey: requestOptions(begun.publicKey) }),
  );
  const answer = await finishPasskeySecondFactor({
    ceremony: begun.ceremony,
    credential: assertionJSON(credential),
  });
  if (!answer.user) throw new Error('The sign-in was not completed.');
  return answer.user;
}

export const usePasskeySecondFactor = (options: PasskeySignInOptions = {}) =>
  usePasskeySignInMutation(completeSignInWithPasskey, options);
