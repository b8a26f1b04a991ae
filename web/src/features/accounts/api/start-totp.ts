import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const startTotp = () => unwrap(api.POST('/account/second-factor/totp'));

/** Begins enrolling an authenticator app: a new secret and its QR code, shown once. */
export function useStartTotp() {
  return useMutation({ mutationFn: startTotp, meta: { silentErrors: true } });
}
