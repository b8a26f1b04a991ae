import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { documentKeys } from './get-my-documents';

/**
 * The form builder's token. Not retried and never kept: a refusal or DocuSeal not being configured
 * shows the failure message at once, and each visit signs a fresh token.
 */
export const builderTokenQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.builderToken(),
    queryFn: () => unwrap(api.GET('/docuseal/token')),
    retry: false,
    gcTime: 0,
    staleTime: 0,
    meta: { silentErrors: true },
  });
