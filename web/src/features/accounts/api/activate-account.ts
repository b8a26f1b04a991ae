import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** password is null unless the account was created for the user (assisted). */
export const activateAccount = (body: { activationToken: string; password: string | null }) =>
  unwrap(api.POST('/account/activate-account', { body }));

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount, meta: { silentErrors: true } });
}
