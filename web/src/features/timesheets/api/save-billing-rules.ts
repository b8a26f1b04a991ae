import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import { billingRulesKey, type BillingRulesUpdate } from './get-billing-rules';

/** Saves a client entity's billing rules with the version read; the form shows the refusal. */
export const useSaveBillingRules = (entityId: number) =>
  useFormMutation(
    (body: BillingRulesUpdate) =>
      unwrap(api.PUT('/entity/{id}/billing-rules', { params: { path: { id: entityId } }, body })),
    { store: () => billingRulesKey(entityId), refresh: [] },
  );
