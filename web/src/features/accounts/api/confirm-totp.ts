import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const confirmTotp = (code: string) =>
  unwrap(api.POST('/account/second-factor/totp/confirm', { body: { code } }));

/** Turns two-step sign-in on with a first code; answers the recovery codes, shown once. */
export function useConfirmTotp() {
  return useMutation({ mutationFn: confirmTotp, meta: { silentErrors: true } });
}
