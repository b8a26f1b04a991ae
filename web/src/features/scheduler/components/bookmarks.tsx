import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { schedulerMessages, schedulerToasts } from '@/lib/errors/catalogue';
import { notify, notifyError, refusedSubmit, withServerErrors } from '@/lib/notify';
import { useCreateBookmark } from '../api/create-bookmark';
import { useDeleteBookmark } from '../api/delete-bookmark';
import { bookmarksQueryOptions } from '../api/get-bookmarks';
import { filtersFromQuery, type FilterSet } from '../rules';
import { DialogActions } from '@/ui/dialog-actions';

interface Props {
  filters: FilterSet;
  onApply: (filters: FilterSet) => void;
}

/**
 * The bookmark picker: choosing one applies its filter set; Add Bookmark saves the current set
 * with a description; Delete Selected asks first, and warns when none is chosen (spec §2, §8).
 */
export function Bookmarks({ filters, onApply }: Props) {
  const list = useQuery(bookmarksQueryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteBookmark();
  const bookmarks = list.data ?? [];
  const chosen = bookmarks.find((b) => String(b.id) === selected);

  // Choosing a bookmark applies it, even the one already chosen (e.g. just saved).
  const apply = (id: string) => {
    setSelected(id);
    const b = bookmarks.find((x) => String(x.id) === id);
    if (b) onApply(filtersFromQuery(b.query));
  };

  const askDelete = () => {
    if (!chosen) notify(schedulerToasts.noBookmarkSelected);
    else setConfirming(true);
  };

  const confirmDelete = async () => {
    if (!chosen) return;
    try {
      await remove.mutateAsync(chosen.id);
      notify(schedulerToasts.bookmarkDeleted);
      setSelected(null);
    } catch (err) {
      notifyError(err);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack gap="xs">
      <Select
        label="Bookmark"
        placeholder={
          list.isPending
            ? 'Loading...'
            : bookmarks.length
              ? 'Choose a bookmark'
              : 'No bookmarks yet'
        }
        data={bookmarks.map((b) => ({ value: String(b.id), label: b.description }))}
        value={selected}
        onChange={(id) => id === null && setSelected(null)}
        onOptionSubmit={apply}
        allowDeselect={false}
        clearable
        searchable
        error={list.isError ? 'Could not load the bookmarks' : undefined}
      />
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => setAdding(true)}>
          Add Bookmark
        </Button>
        <Button size="xs" variant="default" onClick={askDelete}>
          Delete Selected
        </Button>
      </Group>
      <AddBookmarkModal
        opened={adding}
        filters={filters}
        onClose={() => setAdding(false)}
        onSaved={(id) => setSelected(String(id))}
      />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete bookmark">
        <Stack>
          <Text size="sm">Delete the bookmark {chosen?.description}?</Text>
          <DialogActions
            onBack={() => setConfirming(false)}
            color="red"
            loading={remove.isPending}
            onAction={() => void confirmDelete()}
          >
            Delete
          </DialogActions>
        </Stack>
      </Modal>
    </Stack>
  );
}

function AddBookmarkModal({
  opened,
  filters,
  onClose,
  onSaved,
}: {
  opened: boolean;
  filters: FilterSet;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const create = useCreateBookmark();
  const form = useForm({
    mode: 'controlled',
    initialValues: { description: '' },
    validate: {
      description: (v) => (v.trim() ? null : schedulerMessages.descriptionRequired),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(
    withServerErrors(form, async ({ description }) => {
      const saved = await create.mutateAsync({ description: description.trim(), query: filters });
      notify(schedulerToasts.bookmarkSaved(saved.description));
      onSaved(saved.id);
      close();
    }),
    refusedSubmit,
  );
  return (
    <Modal opened={opened} onClose={close} title="Add Bookmark">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Description"
            withAsterisk
            data-autofocus
            maxLength={200}
            {...form.getInputProps('description')}
          />
          <DialogActions onBack={close} loading={create.isPending}>
            Save
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
