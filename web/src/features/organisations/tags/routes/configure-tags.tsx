import { Paper, Text } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useMemo, useState } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { notify } from '@/lib/notify';
import { isAdmin } from '@/lib/permissions';
import { DataGrid, labelledSet, type DataGridColumn } from '@/ui/data-grid';
import { PageHeader } from '@/ui/page-header';
import { useCreateGlobalTag } from '../api/create-global-tag';
import { useDeleteTag } from '../api/delete-tag';
import { tagsQueryOptions, type Tag } from '../api/get-tags';
import { TagActions } from '../components/tag-actions';
import { CreateTagForm, RenameTagDialog } from '../components/tag-forms';
import { GLOBAL_CREATE_CATEGORIES, TAG_CATEGORIES, tagCategoryLabel } from '../rules';

/** Configure Tags (admin): the global job titles, skills and other tags. */
export function ConfigureTagsRoute() {
  const user = useCurrentUser();
  const create = useCreateGlobalTag();
  const remove = useDeleteTag();
  const [renaming, setRenaming] = useState<Tag | null>(null);

  const columns = useMemo<DataGridColumn<Tag>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Name',
        sortable: true,
        filter: { type: 'text' },
        minWidth: 200,
      },
      {
        field: 'category',
        headerName: 'Category',
        sortable: true,
        ...labelledSet<Tag>(TAG_CATEGORIES, tagCategoryLabel),
      },
      {
        colId: 'actions',
        headerName: 'Actions',
        minWidth: 190,
        cellRenderer: ({ data }: CustomCellRendererProps<Tag>) =>
          data ? (
            <TagActions
              name={data.name}
              deleting={remove.isPending && remove.variables === data.id}
              onRename={() => setRenaming(data)}
              onDelete={() => remove.mutate(data.id, { onSuccess: () => notify(toasts.deleted) })}
            />
          ) : null,
      },
    ],
    [remove],
  );

  if (!isAdmin(user)) return <Text>Only administrators configure tags.</Text>;

  return (
    <>
      <PageHeader title="Configure Tags" />
      <Paper withBorder p="md" mb="md">
        <CreateTagForm
          categories={GLOBAL_CREATE_CATEGORIES}
          onCreate={async (v) => {
            await create.mutateAsync(v);
            notify(toasts.tagCreated);
          }}
        />
      </Paper>
      <DataGrid
        gridId="configure-tags"
        label="Tags"
        columns={columns}
        query={tagsQueryOptions}
        emptyText="No tags."
      />
      <RenameTagDialog tag={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}

export { ConfigureTagsRoute as Component };
