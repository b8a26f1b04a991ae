import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getProfileImageUploadUrl } from './get-profile-image-upload-url';
import { sendFile } from './send-file';
import { accountKeys } from '@/lib/query-keys';

/** Which step of the upload failed: getting the URL, or sending the file. */
export class UploadStepError extends Error {
  readonly step: 'url' | 'upload';
  readonly cause: unknown;
  constructor(step: 'url' | 'upload', cause: unknown) {
    super(step === 'url' ? 'Failed to get upload URL.' : 'Failed to upload image.');
    this.name = 'UploadStepError';
    this.step = step;
    this.cause = cause;
  }
}

/** Sends file to a signed upload URL on this origin; returns the new image's address. */
export async function putFile(uploadUrl: string, file: File): Promise<string> {
  const body = await sendFile(uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  const url = (body as { profileImageUrl?: unknown } | null)?.profileImageUrl;
  return typeof url === 'string' ? url : '';
}

/** Gets an upload URL for the user, then PUTs the file there. */
export async function uploadProfileImage({ userId, file }: { userId: number; file: File }) {
  let uploadUrl: string;
  try {
    uploadUrl = (await getProfileImageUploadUrl(userId)).uploadUrl;
  } catch (err) {
    throw new UploadStepError('url', err);
  }
  try {
    return await putFile(uploadUrl, file);
  } catch (err) {
    throw new UploadStepError('upload', err);
  }
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
