import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type BillingRules = components['schemas']['EntityBillingRules'];
export type BillingRulesUpdate = components['schemas']['BillingRulesUpdate'];

export const billingRulesKey = (entityId: number) => ['billing-rules', entityId] as const;

/** A client entity's billing rules (its managers read them). */
export const billingRulesQueryOptions = (entityId: number) =>
  queryOptions({
    queryKey: billingRulesKey(entityId),
    queryFn: () =>
      unwrap(api.GET('/entity/{id}/billing-rules', { params: { path: { id: entityId } } })),
  });
