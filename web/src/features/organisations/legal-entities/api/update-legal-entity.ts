import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { LegalEntityPayload, LegalEntityStatus } from '../legal-entity-rules';
import { legalEntityKeys } from './get-legal-entities';

export type UpdateLegalEntity = Partial<LegalEntityPayload> & {
  status?: LegalEntityStatus;
  version: number;
};

export const updateLegalEntity = (id: number, body: UpdateLegalEntity) =>
  unwrap(api.PATCH('/legal-entity/{id}', { params: { path: { id } }, body }));

/** Saves a legal entity; the server sends it back to not_validated when details change. */
export function useUpdateLegalEntity(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLegalEntity) => updateLegalEntity(id, body),
    meta: { silentErrors: true },
    onSuccess: (le) => {
      qc.setQueryData(legalEntityKeys.detail(id), le);
      return qc.invalidateQueries({ queryKey: legalEntityKeys.all });
    },
  });
}
