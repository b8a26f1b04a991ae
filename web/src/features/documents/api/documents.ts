import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { formatDate } from '@/lib/format';
import type { PickerOption } from '@/ui/record-picker';

export type SigningDocument = components['schemas']['SigningDocument'];
export type DocumentStatus = SigningDocument['status'];
export type SigningRequest = components['schemas']['SigningRequestBody'];
export type BuilderToken = components['schemas']['BuilderToken'];

/** The documents feature's query keys (no other feature reads them). */
export const documentKeys = {
  all: ['document-signing'] as const,
  mine: () => [...documentKeys.all, 'mine'] as const,
  requested: () => [...documentKeys.all, 'requested'] as const,
  builderToken: () => [...documentKeys.all, 'builder-token'] as const,
};

/** The caller's documents to sign: pending ones by due date first, then completed ones. */
export const myDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.mine(),
    queryFn: async () => (await unwrap(api.GET('/document-signing'))).items ?? [],
  });

/** The documents the caller asked others to sign (administrators: every request). */
export const requestedDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.requested(),
    queryFn: async () => (await unwrap(api.GET('/document-signing/requested'))).items ?? [],
  });

/**
 * The form builder's token. Not retried and never kept: a refusal or DocuSeal not being configured
 * shows the failure message at once, and each visit signs a fresh token.
 */
export const builderTokenQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.builderToken(),
    queryFn: () => unwrap(api.GET('/docuseal/token')),
    retry: false,
    gcTime: 0,
    staleTime: 0,
    meta: { silentErrors: true },
  });

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

/** Bookings whose title or reference contains the term, for the request form's picker. */
export async function searchBookings(term: string): Promise<PickerOption[]> {
  const page = await unwrap(
    api.GET('/booking', {
      params: { query: { page: 1, pageSize: 20, search: term || undefined } },
    }),
  );
  return (page.items ?? []).map((b) => ({
    value: String(b.id),
    label: `${b.title}${b.reference ? ` (${b.reference})` : ''} · ${b.departmentName} · ${formatDate(b.startDate)}`,
  }));
}
