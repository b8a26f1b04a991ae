import { useCallback, useMemo, type ReactNode } from 'react';
import type { DataGridColumn, GridQuery } from '@/ui/data-grid';
import { GridSection } from '@/ui/grid-section';
import { parentUserLinksQuery } from '../api/get-parent-user-links';
import type { UserLinkKind } from '../rules';
import { ConnectUserDialog } from './connect-user-form';
import { linkedUserColumns, useLinkEditing, type UserLinkRow } from './link-editing';

interface Props<P extends string, F extends string, R> {
  kind: UserLinkKind<P, F, R>;
  /** The department or entity whose page this is. */
  parentId: number;
  /** Managers of it get the row actions and the ways to connect. */
  canManage: boolean;
  /** Columns after the rights (an entity's users' job titles). */
  extraColumns?: DataGridColumn<R>[];
  /** 'Connect user' in the header, opening the connect form in a dialog (a department's page). */
  connectButton?: boolean;
  /** What managers see below the grid (an entity's 'Invite, Connect or Create a User'). */
  children?: ReactNode;
}

/** 'Connected Users' of a department or an entity: their rights, edit, disconnect, connect. */
export function ConnectedUsersSection<
  P extends string,
  F extends string,
  R extends UserLinkRow & Record<F, boolean>,
>({
  kind,
  parentId,
  canManage,
  extraColumns = [],
  connectButton = false,
  children,
}: Props<P, F, R>) {
  const query = useCallback(
    (q: GridQuery) => parentUserLinksQuery(kind, parentId, q),
    [kind, parentId],
  );
  const { actions, dialog } = useLinkEditing<P, F, R>({ kind });
  const columns = useMemo<DataGridColumn<R>[]>(
    () => [
      ...linkedUserColumns<R, F>(kind.flags),
      ...extraColumns,
      ...(canManage ? [actions] : []),
    ],
    [kind, extraColumns, canManage, actions],
  );

  return (
    <GridSection
      headingId={`${kind.parent}-${parentId}-users`}
      title="Connected Users"
      button={{ label: 'Connect user', allowed: canManage && connectButton }}
      grid={{
        gridId: `${kind.parent}-users`,
        label: `Users connected to this ${kind.parent}`,
        columns,
        query,
        emptyText: `No users are connected to this ${kind.parent}.`,
      }}
      dialog={(opened, close) => (
        <>
          <ConnectUserDialog
            kind={kind}
            parentId={parentId}
            opened={opened}
            onClose={close}
            title={`Connect a user to this ${kind.parent}`}
          />
          {dialog}
        </>
      )}
    >
      {canManage && children}
    </GridSection>
  );
}
