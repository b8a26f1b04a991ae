import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export const changePassword = (body: ChangePasswordInput) =>
  unwrap(api.POST('/account/change-password', { body }));

/** Changes the signed-in user's password; the server ends their other sessions. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { silentErrors: true } });
}
