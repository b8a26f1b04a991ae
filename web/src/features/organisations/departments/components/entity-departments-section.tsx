import { useCallback } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { canManageEntity } from '@/lib/permissions';
import type { GridQuery } from '@/ui/data-grid';
import { GridSection } from '@/ui/grid-section';
import { departmentsQuery } from '../api/get-departments';
import { CreateDepartmentModal } from './create-department-modal';
import { detailColumns, nameColumn } from './department-columns';

const columns = [nameColumn, ...detailColumns];

/** The client's departments, shown on the entity edit page, with 'Add department'. */
export function EntityDepartmentsSection({ entityId }: { entityId: number }) {
  const user = useCurrentUser();
  const query = useCallback(
    (q: GridQuery) => departmentsQuery({ ...q, clientId: entityId }),
    [entityId],
  );

  return (
    <GridSection
      headingId={`entity-${entityId}-departments`}
      title="Departments"
      button={{ label: 'Add department', allowed: canManageEntity(user, entityId) }}
      grid={{
        gridId: 'entity-departments',
        label: 'Departments of this client',
        columns,
        query,
        emptyText: 'This client has no departments yet.',
      }}
      dialog={(opened, close) => (
        <CreateDepartmentModal opened={opened} onClose={close} clientId={entityId} />
      )}
    />
  );
}
