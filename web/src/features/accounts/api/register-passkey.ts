import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attestationJSON, creationOptions } from '../rules';
import { beginPasskeyRegistration } from './begin-passkey-registration';
import { finishPasskeyRegistration } from './finish-passkey-registration';
import { passkeyKeys } from './get-passkeys';
import { browserCredential } from './passkey-prompt';

/**
 * Registers a passkey: the server's options, the browser's prompt to create it, and the
 * server keeping it under the name given.
 */
export async function registerPasskey(name: string) {
  const begun = await beginPasskeyRegistration();
  const credential = await browserCredential(() =>
    navigator.credentials.create({ publicKey: creationOptions(begun.publicKey) }),
  );
  return finishPasskeyRegistration({
    ceremony: begun.ceremony,
    name,
    credential: attestationJSON(credential),
  });
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}
