import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { preferencesKey } from './get-preferences';

/** Turns one type on or off; the answer is the whole list, which replaces the cached one. */
export function useUpdatePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { identifier: string; enabled: boolean }) =>
      unwrap(api.PATCH('/notification/preferences', { body: { items: [change] } })),
    onSuccess: (data) => queryClient.setQueryData(preferencesKey, data),
    meta: { silentErrors: true }, // a refusal shows the server's reason (notifyRefusal)
  });
}
