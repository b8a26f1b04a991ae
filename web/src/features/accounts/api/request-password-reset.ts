import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const requestPasswordReset = (body: { email: string }) =>
  unwrap(api.POST('/account/request-password-reset', { body }));

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { silentErrors: true } });
}
