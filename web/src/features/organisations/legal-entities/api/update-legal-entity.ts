import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import type { LegalEntityPayload, LegalEntityStatus } from '../rules';
import { legalEntityKeys } from './get-legal-entities';

export type UpdateLegalEntity = Partial<LegalEntityPayload> & {
  status?: LegalEntityStatus;
  version: number;
};

export const updateLegalEntity = (id: number, body: UpdateLegalEntity) =>
  unwrap(api.PATCH('/legal-entity/{id}', { params: { path: { id } }, body }));

/** Saves a legal entity; the server sends it back to not_validated when details change. */
export const useUpdateLegalEntity = (id: number) =>
  useFormMutation((body: UpdateLegalEntity) => updateLegalEntity(id, body), {
    store: () => legalEntityKeys.detail(id),
    refresh: [legalEntityKeys.all],
  });
