import type { CurrentUser } from '@/api/types';
import { assertionJSON, requestOptions } from '../rules';
import { beginPasskeyLogin } from './begin-passkey-login';
import { finishPasskeyLogin } from './finish-passkey-login';
import {
  browserCredential,
  type PasskeySignInOptions,
  usePasskeySignInMutation,
} from './passkey-prompt';

/** Signs in with a passkey alone: the browser offers the passkeys it holds for Hive. */
export async function signInWithPasskey(): Promise<CurrentUser> {
  const begun = await beginPasskeyLogin();
  const credential = await browserCredential(() =>
    navigator.credentials.get({ publicKey: requestOptions(begun.publicKey) }),
  );
  return finishPasskeyLogin({ ceremony: begun.ceremony, credential: assertionJSON(credential) });
}

export const useSignInWithPasskey = (options: PasskeySignInOptions = {}) =>
  usePasskeySignInMutation(signInWithPasskey, options);
