import { SectionCard } from '@/ui/section-card';
import { useDisclosure } from '@mantine/hooks';
import { useCallback } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { canManageEntity } from '@/lib/permissions';
import { DataGrid, type GridQuery } from '@/ui/data-grid';
import { departmentsQuery } from '../api/get-departments';
import { CreateDepartmentModal } from './create-department-modal';
import { detailColumns, nameColumn } from './department-columns';

const columns = [nameColumn, ...detailColumns];

/** The client's departments, shown on the entity edit page, with 'Add department'. */
export function EntityDepartmentsSection({ entityId }: { entityId: number }) {
  const user = useCurrentUser();
  const [opened, modal] = useDisclosure(false);
  const query = useCallback(
    (q: GridQuery) => departmentsQuery({ ...q, clientId: entityId }),
    [entityId],
  );
  const titleId = `entity-${entityId}-departments`;

  return (
    <SectionCard
      headingId={titleId}
      title="Departments"
      button={canManageEntity(user, entityId) && { label: 'Add department', onClick: modal.open }}
    >
      <DataGrid
        gridId="entity-departments"
        label="Departments of this client"
        columns={columns}
        query={query}
        emptyText="This client has no departments yet."
      />
      <CreateDepartmentModal opened={opened} onClose={modal.close} clientId={entityId} />
    </SectionCard>
  );
}
