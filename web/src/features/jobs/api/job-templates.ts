import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';
import { failureShownInPlace } from '@/lib/errors/retry';
import { jobTemplateKeys } from '@/lib/query-keys';

export type JobTemplate = components['schemas']['JobTemplate'];
export type JobTemplateSummary = components['schemas']['JobTemplateSummary'];
export type PlacementTemplate = components['schemas']['PlacementTemplate'];
export type PlacementTemplateInput = components['schemas']['PlacementTemplateInput'];
export type RateCard = components['schemas']['RateCard'];

/** One page of job templates; every job template query key starts with jobTemplateKeys.all. */
export const jobTemplatesQuery = (q: GridQuery & { departmentId?: number }) => ({
  queryKey: jobTemplateKeys.list(q),
  queryFn: async () =>
    asPage(
      await unwrap(
        api.GET('/job-template', {
          params: {
            query: {
              page: q.page,
              pageSize: q.pageSize,
              departmentId: q.departmentId,
              search: q.filters.title,
            },
          },
        }),
      ),
    ),
});

export const departmentJobTemplatesQuery = (departmentId: number) =>
  queryOptions({
    queryKey: jobTemplateKeys.ofDepartment(departmentId),
    queryFn: () =>
      unwrap(api.GET('/department/{id}/job-templates', { params: { path: { id: departmentId } } })),
  });

/** One job template with its placement templates (the editor, and the booking forms). */
export const jobTemplateQuery = (id: number) =>
  queryOptions({
    queryKey: jobTemplateKeys.detail(id),
    queryFn: () => unwrap(api.GET('/job-template/{id}', { params: { path: { id } } })),
    ...failureShownInPlace,
  });

/** The job templates the caller may book from. */
export const jobBriefsQuery = () =>
  queryOptions({
    queryKey: jobTemplateKeys.briefs(),
    queryFn: () => unwrap(api.GET('/job/brief')),
    ...failureShownInPlace,
  });

export const rateCardsQuery = (placementTemplateId: number) =>
  queryOptions({
    queryKey: jobTemplateKeys.rateCards(placementTemplateId),
    queryFn: () =>
      unwrap(
        api.GET('/rate-card/by-placement-template-id/{id}', {
          params: { path: { id: placementTemplateId } },
        }),
      ),
  });

/** Mutations of job templates; each refreshes every job template query. */
export function useJobMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: jobTemplateKeys.all });
  const opts = { meta: { silentErrors: true }, onSuccess: refresh };
  return {
    create: useMutation({
      ...opts,
      mutationFn: (body: components['schemas']['CreateJobTemplateBody']) =>
        unwrap(api.POST('/job-template', { body })),
    }),
    update: useMutation({
      ...opts,
      mutationFn: ({
        id,
        ...body
      }: { id: number } & components['schemas']['UpdateJobTemplateBody']) =>
        unwrap(api.PATCH('/job-template/{id}', { params: { path: { id } }, body })),
    }),
    addPlacement: useMutation({
      ...opts,
      mutationFn: ({
        jobTemplateId,
        body,
      }: {
        jobTemplateId: number;
        body: PlacementTemplateInput;
      }) =>
        unwrap(
          api.POST('/job-template/{id}/placement-template', {
            params: { path: { id: jobTemplateId } },
            body,
          }),
        ),
    }),
    updatePlacement: useMutation({
      ...opts,
      mutationFn: ({
        id,
        body,
      }: {
        id: number;
        body: PlacementTemplateInput & { version: number };
      }) => unwrap(api.PATCH('/placement-template/{id}', { params: { path: { id } }, body })),
    }),
    deletePlacement: useMutation({
      ...opts,
      mutationFn: (id: number) =>
        unwrap(api.DELETE('/placement-template/{id}', { params: { path: { id } } })),
    }),
    createRateCard: useMutation({
      ...opts,
      mutationFn: (body: {
        placementTemplateId: number;
        userId: number;
        sellRate: {
          rate: number;
          currency: 'GBP' | 'EUR' | 'USD' | 'AUD';
          period: 'hour' | 'day' | 'week' | 'month' | 'year';
        };
      }) => unwrap(api.POST('/rate-card', { body })),
    }),
    deleteRateCard: useMutation({
      ...opts,
      mutationFn: (id: number) =>
        unwrap(api.DELETE('/rate-card/{id}', { params: { path: { id } } })),
    }),
  };
}

/** A list answer as the grid wants it (Go may send a null list for an empty page). */
function asPage<Row>(page: { items?: Row[] | null; total: number }) {
  return { items: page.items ?? [], total: page.total };
}
