import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { internalNotesQueryOptions, type InternalNote } from '../api/get-internal-notes';
import { NoteForm } from './note-form';
import { formatDateTime } from '@/lib/format';

function NoteCard({ note, onEdit }: { note: InternalNote; onEdit?: () => void }) {
  const titleId = `note-${note.id}-title`;
  return (
    <Card withBorder component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600} id={titleId}>
            {note.title}
          </Text>
          <Text size="sm" c="dimmed">
            {note.entity_name} · {note.user_name || 'Former user'} ·{' '}
            <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
          </Text>
        </div>
        {onEdit && (
          <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit note ${note.title}`}>
            Edit
          </Button>
        )}
      </Group>
      <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {note.description}
      </Text>
    </Card>
  );
}

/** The Internal Notes tab of a freelancer's profile: the notes of the caller's entities. */
export function InternalNotesTab({ userId }: { userId: number }) {
  const me = useCurrentUser();
  const notes = useQuery(internalNotesQueryOptions(userId));
  // 'new' while adding, a note id while editing that note.
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const done = () => setEditing(null);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Internal Notes
        </Title>
        {editing === null && <Button onClick={() => setEditing('new')}>Add note</Button>}
      </Group>
      {editing === 'new' && <NoteForm freelancerId={userId} authorId={me.id} onDone={done} />}
      {notes.isPending && <Loader size="sm" aria-label="Loading notes" />}
      {notes.isError && <Alert color="red">The notes could not be loaded.</Alert>}
      {notes.data?.length === 0 && <Text c="dimmed">No notes yet.</Text>}
      {notes.data?.map((note) =>
        editing === note.id ? (
          <NoteForm
            key={note.id}
            freelancerId={userId}
            authorId={me.id}
            note={note}
            onDone={done}
          />
        ) : (
          <NoteCard
            key={note.id}
            note={note}
            onEdit={note.can_edit && editing === null ? () => setEditing(note.id) : undefined}
          />
        ),
      )}
    </Stack>
  );
}
