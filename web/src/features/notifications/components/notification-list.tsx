import { Anchor, Badge } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { DataGrid, type DataGridColumn } from '@/ui/data-grid';
import { notificationsQueryOptions } from '../api/list-notifications';
import { isUnread, readStateLabel } from '../rules';
import type { Notification, NotificationPage } from '../rules';

type Cell = CustomCellRendererProps<Notification>;

/** Unread in words and weight: a filled 'Unread' badge, a light 'Read' one. */
function ReadState({ data }: Cell) {
  if (!data) return null;
  const unread = isUnread(data);
  return (
    <Badge variant={unread ? 'filled' : 'light'} color={unread ? 'blue' : 'gray'} fw={700}>
      {readStateLabel(data)}
    </Badge>
  );
}

/**
 * The columns; the subject links to the detail, keeping an administrator's userId so the detail
 * leads back to that user's list. Built once per userId, so the renderer keeps its identity.
 */
function columnsFor(userId: number | null): DataGridColumn<Notification>[] {
  function Subject({ data }: Cell) {
    if (!data) return null;
    return (
      <Anchor
        component={Link}
        to={paths.notification(data.id, userId)}
        fw={isUnread(data) ? 700 : 400}
        size="sm"
      >
        {data.subject || '(no subject)'}
      </Anchor>
    );
  }
  return [
    { colId: 'subject', headerName: 'Subject', cellRenderer: Subject, cardTitle: true },
    {
      field: 'createdAt',
      headerName: 'Received',
      valueFormatter: (p) => (p.value ? formatDateTime(p.value as string) : ''),
    },
    {
      colId: 'readState',
      headerName: 'Status',
      serverName: 'unreadOnly',
      kind: 'status',
      cellRenderer: ReadState,
      fullText: readStateLabel,
      filter: { type: 'set', options: [{ value: 'true', label: 'Unread' }] },
    },
  ];
}

const unreadRow = (n: Notification) => (isUnread(n) ? { fontWeight: 700 } : undefined);

/**
 * The notification list, newest first (the server's order), 20, 40 or 100 a page: the caller's
 * own, or for an administrator one user's (userId), read-only.
 */
export function NotificationList({ userId }: { userId: number | null }) {
  const columns = useMemo(() => columnsFor(userId), [userId]);
  return (
    <DataGrid<Notification, NotificationPage>
      gridId="notifications"
      label="Notifications"
      columns={columns}
      query={(q) => notificationsQueryOptions(userId, q)}
      emptyText="No notifications."
      rowStyle={unreadRow}
    />
  );
}
