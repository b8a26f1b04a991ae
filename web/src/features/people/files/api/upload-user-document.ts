import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER, getCsrfToken } from '@/api/client';
import { ApiError } from '@/api/errors';
import type { UserDocument } from './list-user-documents';
import { accountKeys } from '@/lib/query-keys';

/** Uploads one document as a multipart form (field "file"). */
export async function uploadUserDocument({
  userId,
  file,
}: {
  userId: number;
  file: File;
}): Promise<UserDocument> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await globalThis.fetch(
    new URL(`/api/v1/account/${userId}/documents`, window.location.origin).toString(),
    {
      method: 'POST',
      credentials: 'same-origin',
      headers: { [CSRF_HEADER]: await getCsrfToken() },
      body: form,
    },
  );
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON
  }
  if (!response.ok) throw ApiError.from(response.status, body);
  return body as UserDocument;
}

export function useUploadUserDocument(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadUserDocument({ userId, file }),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.documents(userId) }),
  });
}
