import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDocument } from './list-user-documents';
import { sendFile } from './send-file';
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
  return (await sendFile(`/api/v1/account/${userId}/documents`, {
    method: 'POST',
    body: form,
  })) as UserDocument;
}

export function useUploadUserDocument(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadUserDocument({ userId, file }),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.documents(userId) }),
  });
}
