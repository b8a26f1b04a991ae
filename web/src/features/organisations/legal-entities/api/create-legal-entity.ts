import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import type { LegalEntityPayload } from '../rules';
import { legalEntityKeys } from './get-legal-entities';

export const createLegalEntity = (body: LegalEntityPayload & { entityIds?: number[] }) =>
  unwrap(api.POST('/legal-entity', { body }));

/** Creates a legal entity (optionally linked to entities); the form shows its own errors. */
export const useCreateLegalEntity = () =>
  useFormMutation(createLegalEntity, {
    store: (le) => legalEntityKeys.detail(le.id),
    refresh: [legalEntityKeys.all],
  });
