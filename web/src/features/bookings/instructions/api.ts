import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { failureShownInPlace } from '@/lib/errors/retry';
import { useBookingMutation } from '../api/bookings';
import type { StatusItem } from './rules';
import { bookingKeys } from '@/lib/query-keys';

export type Rate = components['schemas']['Rate'];

// ---- Available suppliers (Invite) ----

export const availableSuppliersQuery = (
  bookingId: number,
  placementTemplateId: number,
  placementIds: number[],
) => ({
  queryKey: bookingKeys.availableSuppliers(bookingId, placementTemplateId, placementIds),
  queryFn: () =>
    unwrap(
      api.GET('/booking/{id}/placement-template/{placementTemplateId}/available-suppliers', {
        params: { path: { id: bookingId, placementTemplateId }, query: { placementIds } },
      }),
    ),
  ...failureShownInPlace,
});

export function useAvailableSuppliers(
  bookingId: number,
  placementTemplateId: number,
  placementIds: number[],
  enabled: boolean,
) {
  return useQuery({
    ...availableSuppliersQuery(bookingId, placementTemplateId, placementIds),
    enabled,
  });
}

export type AvailableSupplier = NonNullable<
  NonNullable<ReturnType<typeof useAvailableSuppliers>['data']>['items']
>[number];

// ---- Grant (Invite) ----

export type GrantBody = components['schemas']['GrantBody'];
export type GrantKind = NonNullable<GrantBody['kind']>;
export const grant = (placementId: number, body: GrantBody) =>
  unwrap(api.POST('/placement/{id}/grant', { params: { path: { id: placementId } }, body }));

export const useGrant = () =>
  useBookingMutation(({ placementId, ...body }: GrantBody & { placementId: number }) =>
    grant(placementId, body),
  );

// ---- Answer-by ----

export const setAnswerBy = (body: components['schemas']['AnswerByBody']) =>
  unwrap(api.PATCH('/instruction/answer-by', { body }));

export const useSetAnswerBy = () => useBookingMutation(setAnswerBy);

// ---- Instruction status and rates ----

export const updateStatuses = (items: StatusItem[]) =>
  unwrap(api.PATCH('/instruction/status', { body: items }));

export const useUpdateStatuses = () => useBookingMutation(updateStatuses);

export type RateAmendment = components['schemas']['RateAmendmentInput'];

export const amendRates = (body: RateAmendment) => unwrap(api.PATCH('/instruction/rate', { body }));

export const useAmendRates = () => useBookingMutation(amendRates);

/** Records a manager's justified override of the working-time guard for one instruction. */
export const overrideWorkingTime = (a: { id: number; reason: string }) =>
  unwrap(
    api.POST('/instruction/{id}/working-time-override', {
      params: { path: { id: a.id } },
      body: { reason: a.reason },
    }),
  );

export const useOverrideWorkingTime = () => useBookingMutation(overrideWorkingTime);

// ---- Substitution ----

export const availableSubstitutesQuery = (placementId: number, instructionId?: number) => ({
  queryKey: bookingKeys.availableSubstitutes(placementId, instructionId ?? null),
  queryFn: () =>
    unwrap(
      api.GET('/placement/{id}/available-substitutes', {
        params: { path: { id: placementId }, query: { instructionId } },
      }),
    ),
  ...failureShownInPlace,
});

export type SubstitutionFor = components['schemas']['SubstitutionFor'];

export type AvailableSubstitute = NonNullable<
  Awaited<ReturnType<ReturnType<typeof availableSubstitutesQuery>['queryFn']>>['items']
>[number];

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
