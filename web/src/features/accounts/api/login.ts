import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrfToken, unwrap } from '@/api/client';
import type { CurrentUser, Schemas } from '@/api/types';
import { storeSignedInUser } from '@/lib/session';

export interface LoginInput {
  email: string;
  password: string;
  /** Keep me signed in: no idle timeout, the session lasts up to 30 days. */
  remember?: boolean;
}

export const login = (body: LoginInput) => unwrap(api.POST('/account/login', { body }));

/** The second factor a sign-in asks for, when the password was right (no session yet). */
export type SecondFactorChallenge = Schemas['SecondFactorChallenge'];

/**
 * Signs in and stores the user; the login screen handles every error code itself. When the
 * account has a second factor there is no session yet: onSecondFactor is called instead.
 */
export function useLogin(
  options: {
    onSuccess?: (user: CurrentUser) => void;
    onSecondFactor?: (challenge: SecondFactorChallenge) => void;
    onError?: (err: Error, input: LoginInput) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { silentErrors: true },
    onSuccess: (answer) => {
      if (answer.secondFactor) {
        options.onSecondFactor?.(answer.secondFactor);
        return;
      }
      if (!answer.user) return;
      resetCsrfToken();
      storeSignedInUser(queryClient, answer.user);
      options.onSuccess?.(answer.user);
    },
    onError: (err, input) => options.onError?.(err, input),
  });
}
