import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { bookingKeys } from '@/lib/query-keys';

export type SubstitutionFor = components['schemas']['SubstitutionFor'];
export type SubstitutionResult = components['schemas']['SubstitutionResult'];

export const grantSubstitution = (placementId: number, body: { userIds: number[]; id?: number }) =>
  unwrap<SubstitutionResult>(
    api.POST('/placement/{id}/grant-substitution', {
      params: { path: { id: placementId } },
      body,
    }),
  );

/**
 * Grants a substitution. The booking's reads are marked stale but not fetched again here: the
 * page leaves for the booking on success, and asking for the substitutes of an incumbent just
 * replaced would only be refused (and flash that refusal) on the way out.
 */
export function useGrantSubstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: { placementId: number; userIds: number[]; id?: number }) =>
      grantSubstitution(a.placementId, { userIds: a.userIds, id: a.id }),
    meta: { silentErrors: true },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: bookingKeys.all, refetchType: 'none' }),
  });
}
