import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys } from '@/lib/query-keys';

export const deleteUserDocument = ({ userId, docId }: { userId: number; docId: number }) =>
  unwrap(
    api.DELETE('/account/{id}/documents/{docId}', { params: { path: { id: userId, docId } } }),
  );

export function useDeleteUserDocument(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (docId: number) => deleteUserDocument({ userId, docId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.documents(userId) }),
  });
}
