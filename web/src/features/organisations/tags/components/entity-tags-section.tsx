import { Loader, Table, Text } from '@mantine/core';
import { SectionCard } from '@/ui/section-card';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { useCreateEntityTag } from '../api/create-entity-tag';
import { useDeleteTag } from '../api/delete-tag';
import { entityTagsQueryOptions } from '../api/get-entity-tags';
import type { Tag } from '../api/get-tags';
import { TAG_CATEGORIES, tagCategoryLabel } from '../rules';
import { TagActions } from './tag-actions';
import { CreateTagForm, RenameTagDialog } from './tag-forms';

/** Configure Tags of a client entity: its own tags, with add, rename and delete. */
export function EntityTagsSection({ entityId, canEdit }: { entityId: number; canEdit: boolean }) {
  const tags = useQuery(entityTagsQueryOptions(entityId));
  const create = useCreateEntityTag(entityId);
  const remove = useDeleteTag();
  const [renaming, setRenaming] = useState<Tag | null>(null);
  const headingId = `entity-${entityId}-tags`;
  const items: Tag[] = tags.data ?? [];

  return (
    <SectionCard headingId={headingId} title="Configure Tags">
      {canEdit && (
        <CreateTagForm
          categories={[...TAG_CATEGORIES]}
          onCreate={async (v) => {
            await create.mutateAsync(v);
            notify(toasts.tagCreated);
          }}
        />
      )}
      {tags.isPending && <Loader size="sm" aria-label="Loading tags" />}
      {tags.isError && <Text c="red.9">Could not load the tags.</Text>}
      {tags.isSuccess && items.length === 0 && <Text c="dimmed">No tags yet.</Text>}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Category</Table.Th>
                {canEdit && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>{t.name}</Table.Td>
                  <Table.Td>{tagCategoryLabel(t.category)}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <TagActions
                        name={t.name}
                        deleting={remove.isPending && remove.variables === t.id}
                        onRename={() => setRenaming(t)}
                        onDelete={() =>
                          remove.mutate(t.id, { onSuccess: () => notify(toasts.deleted) })
                        }
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RenameTagDialog tag={renaming} onClose={() => setRenaming(null)} />
    </SectionCard>
  );
}
