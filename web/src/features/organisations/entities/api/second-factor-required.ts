import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { entityKeys } from './get-entities';

/** Requires a second factor of the entity's managers, or stops (administrators). */
export function useSetEntitySecondFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      unwrap(
        api.PUT('/entity/{id}/second-factor-required', {
          params: { path: { id } },
          body: { required },
        }),
      ),
    meta: { silentErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(entityKeys.detail(id), saved),
  });
}
