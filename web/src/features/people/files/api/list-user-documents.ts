import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { accountKeys } from '@/lib/query-keys';

export type UserDocument = components['schemas']['DocumentView'];

export const listUserDocuments = (id: number) =>
  unwrap(api.GET('/account/{id}/documents', { params: { path: { id } } }));

export const userDocumentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: accountKeys.documents(id),
    queryFn: () => listUserDocuments(id),
  });

/** Where the browser downloads a document (an attachment). */
export const documentFileUrl = (userId: number, docId: number) =>
  `/api/v1/account/${userId}/documents/${docId}/file`;
