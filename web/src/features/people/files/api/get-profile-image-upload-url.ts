import { api, unwrap } from '@/api/client';

/** A short-lived URL that accepts the user's new profile image (PUT, raw body). */
export const getProfileImageUploadUrl = (id: number) =>
  unwrap(api.GET('/account/{id}/profile_image', { params: { path: { id } } }));
