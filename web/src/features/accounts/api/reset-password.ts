import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const resetPassword = (body: { token: string; password: string }) =>
  unwrap(api.POST('/account/reset-password', { body }));

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { silentErrors: true } });
}
