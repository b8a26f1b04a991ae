import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { pushDeviceKey } from './subscribe-push';

/** Turns one type on or off for this device; the answer replaces the cached switches. */
export function useUpdatePushType(endpoint: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { identifier: string; enabled: boolean }) =>
      unwrap(api.PATCH('/push/subscription', { body: { endpoint, items: [change] } })),
    onSuccess: (data) => queryClient.setQueryData(pushDeviceKey(endpoint), data),
    meta: { silentErrors: true },
  });
}
