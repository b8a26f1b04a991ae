import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resetCsrfToken, unwrap } from '@/api/client';
import type { CurrentUser } from '@/api/types';
import { storeSignedInUser } from '@/lib/session';

export interface LoginInput {
  email: string;
  password: string;
  /** Keep me signed in: no idle timeout, the session lasts up to 30 days. */
  remember?: boolean;
}

export const login = (body: LoginInput) => unwrap(api.POST('/account/login', { body }));

/** Signs in and stores the user; the login screen handles every error code itself. */
export function useLogin(
  options: {
    onSuccess?: (user: CurrentUser) => void;
    onError?: (err: Error, input: LoginInput) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { silentErrors: true },
    onSuccess: (user) => {
      resetCsrfToken();
      storeSignedInUser(queryClient, user);
      options.onSuccess?.(user);
    },
    onError: (err, input) => options.onError?.(err, input),
  });
}
