import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { queryShownInPlace } from '@/lib/errors/retry';
import { accountKeys } from '@/lib/query-keys';

export type UserDocument = components['schemas']['DocumentView'];

/** A user's documents; the Documents tab shows its own error state. */
export const userDocumentsQueryOptions = (id: number) =>
  queryShownInPlace(accountKeys.documents(id), () =>
    unwrap(api.GET('/account/{id}/documents', { params: { path: { id } } })),
  );

/** Where the browser downloads a document (an attachment). */
export const documentFileUrl = (userId: number, docId: number) =>
  `/api/v1/account/${userId}/documents/${docId}/file`;
