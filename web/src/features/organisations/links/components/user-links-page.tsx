import { Button, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import type { CurrentUser } from '@/api/types';
import { useCurrentUser } from '@/lib/current-user';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { canSeeDirectoryLists, isAdmin } from '@/lib/permissions';
import {
  DataGrid,
  type DataGridColumn,
  type GridQuery,
  type GridQueryOptions,
} from '@/ui/data-grid';
import { PageHeader } from '@/ui/page-header';
import { MultiRecordPicker } from '@/ui/multi-record-picker';
import { searchUsers } from '@/lib/pickers';
import type { PickerOption } from '@/ui/record-picker';
import type { UserLinkInput, UserLinkKind } from '../kinds';
import { ConnectUserForm } from './connect-user-form';
import { flagColumns, nameOf, useLinkEditing, type UserLinkRow } from './link-editing';

const ids = (o: PickerOption[]) => o.map((x) => Number(x.value));

/** What one 'All User-… connections' page shows beyond what both kinds share. */
export interface UserLinksPageProps<R, P extends string, F extends string> {
  kind: UserLinkKind<P, F>;
  title: string;
  gridId: string;
  /** The filter over the other end, e.g. 'Departments'. */
  parentsLabel: string;
  connectTitle: string;
  query: (q: GridQuery, userIds: number[], parentIds: number[]) => GridQueryOptions<R>;
  /** The columns naming the other end (after the user's). */
  parentColumns: DataGridColumn<R>[];
  parentName: (r: R) => string;
  canConnect: (me: CurrentUser) => boolean;
  canChange: (me: CurrentUser, r: R) => boolean;
  create: (input: UserLinkInput<P, F>) => Promise<unknown>;
  save: (input: { id: number; version: number } & Record<F, boolean>) => Promise<unknown>;
  disconnect: (id: number, options: { onSuccess: () => void }) => void;
}

/** 'All User-Department connections' or 'All User-Entity connections': every such link the user may see. */
export function UserLinksPage<
  R extends UserLinkRow & Record<F, boolean>,
  P extends string,
  F extends string,
>(props: UserLinksPageProps<R, P, F>) {
  const { kind, title, parentName, query: queryOf, parentColumns, canChange: canChangeFor } = props;
  const me = useCurrentUser();
  const [connectOpen, connect] = useDisclosure(false);
  const [users, setUsers] = useState<PickerOption[]>([]);
  const [parents, setParents] = useState<PickerOption[]>([]);
  const userIds = useMemo(() => ids(users), [users]);
  const parentIds = useMemo(() => ids(parents), [parents]);
  const query = useCallback(
    (q: GridQuery) => queryOf(q, userIds, parentIds),
    [queryOf, userIds, parentIds],
  );
  const rowName = useCallback((r: R) => `${nameOf(r)} in ${parentName(r)}`, [parentName]);
  const canChange = useCallback((r: R) => canChangeFor(me, r), [canChangeFor, me]);
  const { actions, dialog } = useLinkEditing<R, F>({
    flags: kind.flags,
    parentName,
    rowName,
    canChange,
    save: props.save,
    disconnect: props.disconnect,
  });

  const columns = useMemo<DataGridColumn<R>[]>(
    () => [
      {
        colId: 'user',
        headerName: 'User',
        sortable: true,
        valueGetter: ({ data }) => (data ? nameOf(data) : ''),
      },
      {
        colId: 'email',
        headerName: 'Email',
        sortable: true,
        valueGetter: ({ data }) => data?.user.email ?? '',
      },
      ...parentColumns,
      ...flagColumns<R, F>(kind.flags, { filterable: true, maxWidth: 150 }),
      actions,
    ],
    [parentColumns, kind.flags, actions],
  );

  if (!canSeeDirectoryLists(me)) return <Navigate to={paths.bookings} replace />;
  return (
    <Stack gap="md">
      <PageHeader title={title}>
        {props.canConnect(me) && <Button onClick={connect.open}>Connect user</Button>}
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
          label={props.parentsLabel}
          placeholder={`Filter by ${kind.parent}`}
          search={kind.search}
          value={parents}
          onChange={setParents}
          clearable
        />
      </SimpleGrid>
      <DataGrid
        gridId={props.gridId}
        label={title}
        columns={columns}
        query={query}
        emptyText="No connections to show."
      />
      <Modal opened={connectOpen} onClose={connect.close} title={props.connectTitle}>
        <ConnectUserForm
          kind={kind}
          searchUsers={searchUsers}
          searchParents={kind.search}
          onCancel={connect.close}
          onSubmit={async (input) => {
            await props.create(input);
            notify(toasts.userConnected);
            connect.close();
          }}
        />
      </Modal>
      {dialog}
    </Stack>
  );
}
