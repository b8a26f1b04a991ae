import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrfToken, unwrap } from '@/api/client';
import type { CurrentUser } from '@/api/types';
import { accountKeys } from '@/lib/query-keys';
import { storeSignedInUser } from '@/lib/session';
import { assertionJSON, attestationJSON, creationOptions, requestOptions } from '../rules';

/** The signed-in user's own passkeys. */
export const passkeyKeys = { all: [...accountKeys.all, 'passkeys'] as const };

export const listPasskeys = () => unwrap(api.GET('/account/passkeys'));

export const usePasskeys = () => useQuery({ queryKey: passkeyKeys.all, queryFn: listPasskeys });

/** The browser's passkey prompt; null when the person chose none. */
async function browserCredential(
  ask: () => Promise<Credential | null>,
): Promise<PublicKeyCredential> {
  const credential = await ask();
  if (!credential) throw new DOMException('No passkey was chosen', 'NotAllowedError');
  return credential as PublicKeyCredential;
}

/**
 * Registers a passkey: the server's options, the browser's prompt to create it, and the
 * server keeping it under the name given.
 */
export async function registerPasskey(name: string) {
  const begun = await unwrap(api.POST('/account/passkeys/register/begin'));
  const credential = await browserCredential(() =>
    navigator.credentials.create({ publicKey: creationOptions(begun.publicKey) }),
  );
  return unwrap(
    api.POST('/account/passkeys/register/finish', {
      body: { ceremony: begun.ceremony, name, credential: attestationJSON(credential) },
    }),
  );
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      unwrap(api.PATCH('/account/passkeys/{id}', { params: { path: { id } }, body: { name } })),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/account/passkeys/{id}', { params: { path: { id } } })),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

/** Signs in with a passkey alone: the browser offers the passkeys it holds for Hive. */
export async function signInWithPasskey(): Promise<CurrentUser> {
  const begun = await unwrap(api.POST('/account/passkeys/login/begin'));
  const credential = await browserCredential(() =>
    navigator.credentials.get({ publicKey: requestOptions(begun.publicKey) }),
  );
  return unwrap(
    api.POST('/account/passkeys/login/finish', {
      body: { ceremony: begun.ceremony, credential: assertionJSON(credential) },
    }),
  );
}

export function useSignInWithPasskey(
  options: { onSuccess?: (user: CurrentUser) => void; onError?: (err: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    meta: { silentErrors: true },
    onSuccess: (user) => {
      resetCsrfToken();
      storeSignedInUser(queryClient, user);
      options.onSuccess?.(user);
    },
    onError: (err) => options.onError?.(err),
  });
}

/**
 * Completes a sign-in waiting for its second factor with a passkey: the server offers only the
 * passkeys of the pending sign-in's own user.
 */
export async function completeSignInWithPasskey(): Promise<CurrentUser> {
  const begun = await unwrap(api.POST('/account/login/second-factor/passkey/begin'));
  const credential = await browserCredential(() =>
    navigator.credentials.get({ publicKey: requestOptions(begun.publicKey) }),
  );
  const answer = await unwrap(
    api.POST('/account/login/second-factor/passkey/finish', {
      body: { ceremony: begun.ceremony, credential: assertionJSON(credential) },
    }),
  );
  if (!answer.user) throw new Error('The sign-in was not completed.');
  return answer.user;
}

export function usePasskeySecondFactor(
  options: { onSuccess?: (user: CurrentUser) => void; onError?: (err: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSignInWithPasskey,
    meta: { silentErrors: true },
    onSuccess: (user) => {
      resetCsrfToken();
      storeSignedInUser(queryClient, user);
      options.onSuccess?.(user);
    },
    onError: (err) => options.onError?.(err),
  });
}
