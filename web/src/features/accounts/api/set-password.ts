import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** Admin only: sets another user's password; the server ends their sessions and revokes their calendar feed. */
export const setPassword = ({ id, password }: { id: number; password: string }) =>
  unwrap(api.POST('/account/{id}/set-password', { params: { path: { id } }, body: { password } }));

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword, meta: { silentErrors: true } });
}
