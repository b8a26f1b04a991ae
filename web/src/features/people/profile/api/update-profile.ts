import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import type { components } from '@/api/schema';
import { profileQueryOptions } from './get-profile';
import { accountKeys } from '@/lib/query-keys';

export type ProfileUpdate = components['schemas']['ProfileUpdate'];

export const updateProfile = ({ id, body }: { id: number; body: ProfileUpdate }) =>
  unwrap(api.PATCH('/account/{id}', { params: { path: { id } }, body }));

/** Saves a profile (updateAuthUser); the form shows errors itself. */
export const useUpdateProfile = () =>
  useFormMutation(updateProfile, {
    store: (profile) => profileQueryOptions(profile.id).queryKey,
    refresh: [accountKeys.lists(), accountKeys.whoami()],
  });
