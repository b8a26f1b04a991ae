import { SectionCard } from '@/ui/section-card';
import { useDisclosure } from '@mantine/hooks';
import { useCallback } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { canManageEntity } from '@/lib/permissions';
import { DataGrid, type DataGridColumn, type GridQuery } from '@/ui/data-grid';
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
  const [opened, modal] = useDisclosure(false);
  const query = useCallback((q: GridQuery) => entityInvitationsQuery(entityId, q), [entityId]);
  const titleId = `entity-${entityId}-invitations`;

  return (
    <SectionCard
      headingId={titleId}
      title="Invitations"
      button={canManageEntity(user, entityId) && { label: 'Invite by email', onClick: modal.open }}
    >
      <DataGrid
        gridId="entity-invitations"
        label="Invitations to this entity"
        columns={columns}
        query={query}
        emptyText="No invitations yet."
      />
      <InviteModal entityId={entityId} opened={opened} onClose={modal.close} />
    </SectionCard>
  );
}
