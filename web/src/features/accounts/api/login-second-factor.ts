import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrfToken, unwrap } from '@/api/client';
import type { CurrentUser } from '@/api/types';
import { storeSignedInUser } from '@/lib/session';

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
