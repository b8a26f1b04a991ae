import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** Sends a fresh reset link to an account that must reset its password. */
export const resetUnauthenticatedPassword = (body: { email: string }) =>
  unwrap(api.POST('/account/reset-unauthenticated-password', { body }));

export function useResetUnauthenticatedPassword() {
  return useMutation({ mutationFn: resetUnauthenticatedPassword, meta: { silentErrors: true } });
}
