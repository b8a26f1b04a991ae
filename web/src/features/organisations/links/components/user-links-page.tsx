import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { canSeeDirectoryLists, isAdmin } from '@/lib/permissions';
import { DataGrid, type DataGridColumn, type GridQuery } from '@/ui/data-grid';
import { PageHeader } from '@/ui/page-header';
import { MultiRecordPicker } from '@/ui/multi-record-picker';
import { searchUsers } from '@/lib/pickers';
import type { PickerOption } from '@/ui/record-picker';
import { userLinksQuery } from '../api/get-user-links';
import type { UserLinkKind } from '../rules';
import { textColumn } from '../rules';
import { ConnectUserDialog } from './connect-user-form';
import { flagColumns, nameOf, useLinkEditing, type UserLinkRow } from './link-editing';

const ids = (o: PickerOption[]) => o.map((x) => Number(x.value));

/**
 * 'All User-Department connections' or 'All User-Entity connections': every link of `kind` the
 * user may see, filtered by user (administrators) and by the other end.
 */
export function UserLinksPage<
  R extends UserLinkRow & Record<F, boolean>,
  P extends string,
  F extends string,
>({ kind }: { kind: UserLinkKind<P, F, R> }) {
  const title = `All User-${kind.label} connections`;
  const me = useCurrentUser();
  const [connectOpen, connect] = useDisclosure(false);
  const [users, setUsers] = useState<PickerOption[]>([]);
  const [parents, setParents] = useState<PickerOption[]>([]);
  const userIds = useMemo(() => ids(users), [users]);
  const parentIds = useMemo(() => ids(parents), [parents]);
  const query = useCallback(
    (q: GridQuery) => userLinksQuery(kind, { ...q, userIds, parentIds }),
    [kind, userIds, parentIds],
  );
  const { parentName, canChange: canChangeFor } = kind;
  const rowName = useCallback((r: R) => `${nameOf(r)} in ${parentName(r)}`, [parentName]);
  const canChange = useCallback((r: R) => canChangeFor(me, r), [canChangeFor, me]);
  const { actions, dialog } = useLinkEditing<P, F, R>({ kind, rowName, canChange });

  const columns = useMemo<DataGridColumn<R>[]>(
    () => [
      textColumn<R>('user', 'User', nameOf),
      textColumn('email', 'Email', (r) => r.user.email),
      ...kind.parentColumns,
      ...flagColumns<R, F>(kind.flags, { filterable: true, maxWidth: 150 }),
      actions,
    ],
    [kind, actions],
  );

  if (!canSeeDirectoryLists(me)) return <Navigate to={paths.bookings} replace />;
  return (
    <Stack gap="md">
      <PageHeader title={title}>
        {kind.canConnect(me) && <Button onClick={connect.open}>Connect user</Button>}
      </PageHeader>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {isAdmin(me) && (
          <MultiRecordPicker
            kind="user"
            label="Users"
            placeholder="Filter by user"
            search={searchUsers}
            value={users}
            onChange={setUsers}
            clearable
          />
        )}
        <MultiRecordPicker
          kind={kind.parent}
          label={kind.plural}
          placeholder={`Filter by ${kind.parent}`}
          search={kind.search}
          value={parents}
          onChange={setParents}
          clearable
        />
      </SimpleGrid>
      <DataGrid
        gridId={`user-${kind.parent}-links`}
        label={title}
        columns={columns}
        query={query}
        emptyText="No connections to show."
      />
      <ConnectUserDialog
        kind={kind}
        opened={connectOpen}
        onClose={connect.close}
        title={`Connect a user to ${kind.one}`}
      />
      {dialog}
    </Stack>
  );
}
