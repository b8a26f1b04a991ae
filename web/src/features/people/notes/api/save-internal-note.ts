import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { peopleKeys } from '@/lib/query-keys';

export interface SaveInternalNoteInput {
  freelancerId: number;
  userId: number;
  entityId: number;
  title: string;
  description: string;
  /** The note to update; absent to create one. */
  noteId?: number;
  /** The version read, required with noteId. */
  version?: number;
}

export const saveInternalNote = (input: SaveInternalNoteInput) =>
  unwrap(
    api.PATCH('/account/update-internal-note', {
      body: {
        freelancer_id: input.freelancerId,
        user_id: input.userId,
        entity_id: input.entityId,
        title: input.title,
        description: input.description,
        created_at: new Date().toISOString(),
        ...(input.noteId !== undefined ? { note_id: input.noteId, version: input.version } : {}),
      },
    }),
  );

/** Creates or updates a note; the freelancer's note list refreshes afterwards. */
export function useSaveInternalNote(freelancerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInternalNote,
    meta: { silentErrors: true },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: peopleKeys.internalNotes(freelancerId) }),
  });
}
