import { Button, Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { toasts } from '@/lib/errors/catalogue';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { messages } from '@/lib/validation';
import type { InternalNote } from '../api/get-internal-notes';
import { noteEntitiesQueryOptions } from '../api/get-note-entities';
import { useSaveInternalNote } from '../api/save-internal-note';

interface Values {
  entity_id: string;
  title: string;
  description: string;
}

const required = (value: string) => (value.trim() ? null : messages.fieldRequired);

/** The add or edit form of an internal note; entity, title and description are required. */
export function NoteForm({
  freelancerId,
  authorId,
  note,
  onDone,
}: {
  freelancerId: number;
  authorId: number;
  note?: InternalNote;
  onDone: () => void;
}) {
  const entities = useQuery(noteEntitiesQueryOptions(freelancerId));
  const save = useSaveInternalNote(freelancerId);
  const form = useForm<Values>({
    initialValues: {
      entity_id: note ? String(note.entity_id) : '',
      title: note?.title ?? '',
      description: note?.description ?? '',
    },
    validate: { entity_id: required, title: required, description: required },
  });
  const options = (entities.data ?? []).map((e) => ({ value: String(e.id), label: e.name }));
  if (note && !options.some((o) => o.value === String(note.entity_id))) {
    options.push({ value: String(note.entity_id), label: note.entity_name });
  }

  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        freelancerId,
        userId: authorId,
        entityId: Number(values.entity_id),
        title: values.title.trim(),
        description: values.description.trim(),
        ...(note ? { noteId: note.id, version: note.version } : {}),
      },
      {
        onSuccess: () => {
          notify(toasts.notePublished);
          onDone();
        },
        onError: (err) =>
          notify(
            isApiError(err) && err.status === 422
              ? applyServerErrors(form, err)
              : toasts.noteFailed,
          ),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={note ? 'Edit note' : 'Add note'}>
      <Stack gap="sm">
        <Select
          label="Entity"
          placeholder="Choose the entity the note is for"
          data={options}
          withAsterisk
          searchable
          nothingFoundMessage="You belong to no entity"
          {...form.getInputProps('entity_id')}
        />
        <TextInput label="Title" withAsterisk maxLength={200} {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          placeholder="Optional"
          withAsterisk
          rows={4}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {note ? 'Save note' : 'Publish note'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
