import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { accountKeys } from '@/lib/query-keys';

export type AccountCreate = components['schemas']['AccountCreate'];

export const createAccount = (body: AccountCreate) => unwrap(api.POST('/account', { body }));

/** Creates an assisted account (inactive, with an activation mail); the form shows errors itself. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.lists() }),
  });
}
