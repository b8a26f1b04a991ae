import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { whoamiQueryOptions } from '@/lib/session';

export interface DisableTotpInput {
  password: string;
  code: string;
}

export const disableTotp = (body: DisableTotpInput) =>
  unwrap(api.POST('/account/second-factor/disable', { body }));

/** Turns the signed-in user's two-step sign-in off; whoami is read again. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey }),
  });
}
