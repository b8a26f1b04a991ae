import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** Asks to change one's own address: the server mails a confirmation link to the new one. */
export const changeEmail = (body: { newEmail: string; currentPassword: string }) =>
  unwrap(api.POST('/account/change-email', { body }));

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, meta: { silentErrors: true } });
}
