import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { documentKeys } from './get-my-documents';

/** The documents the caller asked others to sign (administrators: every request). */
export const requestedDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.requested(),
    queryFn: async () => (await unwrap(api.GET('/document-signing/requested'))).items ?? [],
  });
