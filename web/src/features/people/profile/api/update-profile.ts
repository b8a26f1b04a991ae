import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { profileQueryOptions } from './get-profile';
import { accountKeys } from '@/lib/query-keys';

export type ProfileUpdate = components['schemas']['ProfileUpdate'];

export const updateProfile = ({ id, body }: { id: number; body: ProfileUpdate }) =>
  unwrap(api.PATCH('/account/{id}', { params: { path: { id } }, body }));

/** Saves a profile (updateAuthUser); the form shows errors itself. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { silentErrors: true },
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions(profile.id).queryKey, profile);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.whoami() }),
      ]);
    },
  });
}
