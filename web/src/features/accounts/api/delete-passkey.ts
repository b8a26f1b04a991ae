import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { passkeyKeys } from './get-passkeys';

export const deletePasskey = (id: number) =>
  unwrap(api.DELETE('/account/passkeys/{id}', { params: { path: { id } } }));

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}
