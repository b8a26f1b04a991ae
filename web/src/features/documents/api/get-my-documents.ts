import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** The documents feature's query keys (no other feature reads them). */
export const documentKeys = {
  all: ['document-signing'] as const,
  mine: () => [...documentKeys.all, 'mine'] as const,
  requested: () => [...documentKeys.all, 'requested'] as const,
  builderToken: () => [...documentKeys.all, 'builder-token'] as const,
};

/** The caller's documents to sign: pending ones by due date first, then completed ones. */
export const myDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.mine(),
    queryFn: async () => (await unwrap(api.GET('/document-signing'))).items ?? [],
  });
