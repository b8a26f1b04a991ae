import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrfToken, unwrap } from '@/api/client';
import type { CurrentUser } from '@/api/types';
import { storeSignedInUser, whoamiQueryOptions } from '@/lib/session';

/** The login's second step: a six-digit code from the authenticator app, or a recovery code. */
export const loginSecondFactor = (code: string) =>
  unwrap(api.POST('/account/login/second-factor', { body: { code } }));

/** Completes a sign-in waiting for its second factor, and stores the signed-in user. */
export function useLoginSecondFactor(options: { onSuccess?: (user: CurrentUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginSecondFactor,
    meta: { silentErrors: true },
    onSuccess: (answer) => {
      if (!answer.user) return;
      resetCsrfToken();
      storeSignedInUser(queryClient, answer.user);
      options.onSuccess?.(answer.user);
    },
  });
}

/** Begins enrolling an authenticator app: a new secret and its QR code, shown once. */
export function useStartTotp() {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/account/second-factor/totp')),
    meta: { silentErrors: true },
  });
}

/** Turns two-step sign-in on with a first code; answers the recovery codes, shown once. */
export function useConfirmTotp() {
  return useMutation({
    mutationFn: (code: string) =>
      unwrap(api.POST('/account/second-factor/totp/confirm', { body: { code } })),
    meta: { silentErrors: true },
  });
}

export interface DisableTotpInput {
  password: string;
  code: string;
}

/** Turns the signed-in user's two-step sign-in off; whoami is read again. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisableTotpInput) =>
      unwrap(api.POST('/account/second-factor/disable', { body })),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey }),
  });
}

/** An administrator removes another user's second factor; the user's sessions end. */
export function useResetSecondFactor() {
  return useMutation({
    mutationFn: (userId: number) =>
      unwrap(api.POST('/account/{id}/reset-second-factor', { params: { path: { id: userId } } })),
    meta: { silentErrors: true },
  });
}
