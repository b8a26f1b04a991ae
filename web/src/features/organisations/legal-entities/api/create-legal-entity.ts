import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { LegalEntityPayload } from '../legal-entity-rules';
import { legalEntityKeys } from './get-legal-entities';

export const createLegalEntity = (body: LegalEntityPayload & { entityIds?: number[] }) =>
  unwrap(api.POST('/legal-entity', { body }));

/** Creates a legal entity (optionally linked to entities); the form shows its own errors. */
export function useCreateLegalEntity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createLegalEntity,
    meta: { silentErrors: true },
    onSuccess: (le) => {
      qc.setQueryData(legalEntityKeys.detail(le.id), le);
      return qc.invalidateQueries({ queryKey: legalEntityKeys.all });
    },
  });
}
