import { useCallback } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { canManageEntity } from '@/lib/permissions';
import type { DataGridColumn, GridQuery } from '@/ui/data-grid';
import { GridSection } from '@/ui/grid-section';
import { entityInvitationsQuery, type getEntityInvitations } from '../api/get-entity-invitations';
import { InvitationStatusBadge } from './invitation-status-badge';
import { InviteModal } from './invite-modal';
import { PURPOSES } from './invitation-form';
import { formatDate } from '@/lib/format';

type Row = NonNullable<Awaited<ReturnType<typeof getEntityInvitations>>['items']>[number];

const columns: DataGridColumn<Row>[] = [
  { field: 'email', headerName: 'Email', sortable: true, filter: { type: 'text' }, minWidth: 200 },
  {
    field: 'purpose',
    headerName: 'Purpose',
    sortable: true,
    filter: { type: 'set', options: PURPOSES.map((p) => ({ value: p.value, label: p.label })) },
    valueFormatter: ({ value }) => PURPOSES.find((p) => p.value === value)?.label ?? String(value),
  },
  {
    field: 'status',
    headerName: 'Status',
    sortable: true,
    filter: {
      type: 'set',
      options: [
        { value: 'pending', label: 'Pending' },
        { value: 'accepted', label: 'Accepted' },
        { value: 'rejected', label: 'Rejected' },
      ],
    },
    cellRenderer: ({ data }: { data?: Row }) =>
      data ? <InvitationStatusBadge status={data.status} /> : null,
  },
  {
    colId: 'invitedBy',
    headerName: 'Invited by',
    valueGetter: ({ data }) => data?.invitedBy?.fullName ?? '',
  },
  {
    field: 'createdAt',
    headerName: 'Sent',
    sortable: true,
    valueFormatter: ({ value }) => (value ? formatDate(String(value)) : ''),
  },
];

/** The entity's invitations with their status; managers can invite from here. */
export function EntityInvitationsSection({ entityId }: { entityId: number }) {
  const user = useCurrentUser();
  const query = useCallback((q: GridQuery) => entityInvitationsQuery(entityId, q), [entityId]);

  return (
    <GridSection
      headingId={`entity-${entityId}-invitations`}
      title="Invitations"
      button={{ label: 'Invite by email', allowed: canManageEntity(user, entityId) }}
      grid={{
        gridId: 'entity-invitations',
        label: 'Invitations to this entity',
        columns,
        query,
        emptyText: 'No invitations yet.',
      }}
      dialog={(opened, close) => (
        <InviteModal entityId={entityId} opened={opened} onClose={close} />
      )}
    />
  );
}
