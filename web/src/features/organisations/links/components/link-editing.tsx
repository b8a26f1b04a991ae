import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMemo, useState, type ReactNode } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import type { DataGridColumn } from '@/ui/data-grid';
import type { FlagInfo } from '../rules';
import { useDeleteUserLink } from '../api/delete-user-link';
import { useUpdateUserLink } from '../api/update-user-link';
import { textColumn, flagsOf, type UserLinkKind } from '../rules';
import { EditFlagsModal } from './edit-flags-modal';
import { flagFilter, LinkActions, yesNo } from './link-actions';

/** What the grids of user links read of a row. */
export interface UserLinkRow {
  id: number;
  version: number;
  user: { fullName: string; email: string };
}

/** A linked user's name, else their address. */
export const nameOf = (r: UserLinkRow) => r.user.fullName || r.user.email;

/** One Yes/No column per right; `filterable` adds the header's Yes/No filter. */
export function flagColumns<R, F extends string>(
  flags: FlagInfo<F>[],
  { filterable, maxWidth }: { filterable: boolean; maxWidth: number },
): DataGridColumn<R>[] {
  return flags.map((f) => ({
    field: f.key as unknown as DataGridColumn<R>['field'],
    headerName: f.label,
    valueFormatter: yesNo,
    ...(filterable ? { filter: flagFilter } : {}),
    maxWidth,
  }));
}

const always = () => true;

/** The columns of a department's or an entity's connected users: name, address, rights. */
export function linkedUserColumns<R extends UserLinkRow, F extends string>(
  flags: FlagInfo<F>[],
): DataGridColumn<R>[] {
  return [
    textColumn<R>('user', 'Name', nameOf, false),
    textColumn('email', 'Email', (r) => r.user.email, false),
    ...flagColumns<R, F>(flags, { filterable: false, maxWidth: 130 }),
  ];
}

interface Options<P extends string, F extends string, R> {
  kind: UserLinkKind<P, F, R>;
  /** The row's name on its buttons (default: the user's; with the department or entity where a grid mixes them). */
  rowName?: (r: R) => string;
  /** Whether the caller may change the link, else the row shows no actions (default: yes). */
  canChange?: (r: R) => boolean;
}

/**
 * The Actions column of a grid of user links (edit the rights, disconnect after a confirm)
 * and the rights dialog it opens: render `dialog` beside the grid.
 */
export function useLinkEditing<
  P extends string,
  F extends string,
  R extends UserLinkRow & Record<F, boolean>,
>({
  kind,
  rowName = nameOf,
  canChange = always,
}: Options<P, F, R>): { actions: DataGridColumn<R>; dialog: ReactNode } {
  const { flags, parentName } = kind;
  const update = useUpdateUserLink(kind);
  const remove = useDeleteUserLink(kind);
  const disconnect = remove.mutate;
  const [editing, setEditing] = useState<R | null>(null);
  const actions = useMemo<DataGridColumn<R>>(
    () => ({
      colId: 'actions',
      headerName: 'Actions',
      minWidth: 190,
      cellRenderer: ({ data }: { data?: R }) =>
        data && canChange(data) ? (
          <LinkActions
            name={rowName(data)}
            onEdit={() => setEditing(data)}
            onDisconnect={() =>
              modals.openConfirmModal({
                closeButtonProps: { 'aria-label': 'Close' },
                title: 'Disconnect user',
                children: (
                  <Text size="sm">
                    Disconnect {nameOf(data)} from {parentName(data)}?
                  </Text>
                ),
                labels: { confirm: 'Disconnect', cancel: 'Cancel' },
                confirmProps: { color: 'red.9' },
                onConfirm: () =>
                  disconnect(data.id, { onSuccess: () => notify(toasts.userDisconnected) }),
              })
            }
          />
        ) : null,
    }),
    [canChange, rowName, parentName, disconnect],
  );
  const dialog = editing && (
    <EditFlagsModal
      subject={`${nameOf(editing)} in ${parentName(editing)}`}
      flags={flags}
      initial={flagsOf(flags, editing)}
      onClose={() => setEditing(null)}
      onSave={async (values) => {
        await update.mutateAsync({ id: editing.id, version: editing.version, ...values });
        notify(toasts.connectionSaved);
      }}
    />
  );
  return { actions, dialog };
}
