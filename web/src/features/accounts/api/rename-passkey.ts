import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { passkeyKeys } from './get-passkeys';

export const renamePasskey = ({ id, name }: { id: number; name: string }) =>
  unwrap(api.PATCH('/account/passkeys/{id}', { params: { path: { id } }, body: { name } }));

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}
