import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { SigningRequest } from '../rules';
import { documentKeys } from './get-my-documents';

/** Asks the freelancers of a booking to sign a document; refreshes the lists. */
export function useRequestSigning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SigningRequest) => unwrap(api.POST('/document-signing/request', { body })),
    // Not documentKeys.all: a new builder token would remount the builder and lose its work.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.mine() }),
        client.invalidateQueries({ queryKey: documentKeys.requested() }),
      ]),
  });
}
