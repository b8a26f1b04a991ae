import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetCsrfToken } from '@/api/client';
import type { CurrentUser } from '@/api/types';
import { storeSignedInUser } from '@/lib/session';

/**
 * What the passkey ceremonies share (each ceremony's two endpoints have their own files): the
 * browser's prompt, and the sign-in mutation that stores the user a ceremony signed in.
 */

/** The browser's passkey prompt; null when the person chose none. */
export async function browserCredential(
  ask: () => Promise<Credential | null>,
): Promise<PublicKeyCredential> {
  const credential = await ask();
  if (!credential) throw new DOMException('No passkey was chosen', 'NotAllowedError');
  return credential as PublicKeyCredential;
}

export interface PasskeySignInOptions {
  onSuccess?: (user: CurrentUser) => void;
  onError?: (err: Error) => void;
}

/** A sign-in by passkey: errors are the caller's to show; the signed-in user is stored as whoami. */
export function usePasskeySignInMutation(
  signIn: () => Promise<CurrentUser>,
  options: PasskeySignInOptions,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    meta: { silentErrors: true },
    onSuccess: (user) => {
      resetCsrfToken();
      storeSignedInUser(queryClient, user);
      options.onSuccess?.(user);
    },
    onError: (err) => options.onError?.(err),
  });
}
