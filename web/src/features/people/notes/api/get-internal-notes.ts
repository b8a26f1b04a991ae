import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { peopleKeys } from '@/lib/query-keys';

export type InternalNote = components['schemas']['NoteView'];

export const getInternalNotes = async (freelancerId: number) =>
  (await unwrap(
    api.GET('/account/internal-note/{id}', { params: { path: { id: freelancerId } } }),
  )) ?? [];

/** The notes about a freelancer the caller may read (their entities' notes). */
export const internalNotesQueryOptions = (freelancerId: number) =>
  queryOptions({
    queryKey: peopleKeys.internalNotes(freelancerId),
    queryFn: () => getInternalNotes(freelancerId),
  });
