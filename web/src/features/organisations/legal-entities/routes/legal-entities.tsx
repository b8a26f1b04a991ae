import { Badge } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { isClientOrAgencyManager } from '@/lib/permissions';
import { labelledOptions, labelledSet, linkCell, type DataGridColumn } from '@/ui/data-grid';
import { ListPage } from '@/ui/list-page';
import { legalEntitiesQueryOptions, type getLegalEntities } from '../api/get-legal-entities';
import {
  LEGAL_ENTITY_STATUSES,
  LEGAL_ENTITY_TYPES,
  legalEntityName,
  legalFormLabels,
  statusColour,
  statusLabel,
} from '../rules';

type Row = NonNullable<Awaited<ReturnType<typeof getLegalEntities>>['items']>[number];

const NameLink = linkCell<Row>((le) => paths.editLegalEntity(le.id), legalEntityName);

function StatusBadge({ data }: CustomCellRendererProps<Row>) {
  if (!data) return null;
  return <Badge color={statusColour(data.status)}>{statusLabel(data.status)}</Badge>;
}

const columns: DataGridColumn<Row>[] = [
  { field: 'id', headerName: 'ID', sortable: true, maxWidth: 110 },
  {
    colId: 'name',
    headerName: 'Name',
    filter: { type: 'text' },
    cellRenderer: NameLink,
    valueGetter: (p) => (p.data ? legalEntityName(p.data) : ''),
    minWidth: 200,
  },
  {
    field: 'type',
    headerName: 'Business type',
    sortable: true,
    ...labelledSet<Row>(LEGAL_ENTITY_TYPES, (t) => legalFormLabels[t] ?? t),
  },
  { field: 'companyNumber', headerName: 'Company number' },
  {
    field: 'status',
    headerName: 'Status',
    sortable: true,
    filter: { type: 'set', options: labelledOptions(LEGAL_ENTITY_STATUSES, statusLabel) },
    cellRenderer: StatusBadge,
  },
  { field: 'country', headerName: 'Country', maxWidth: 130 },
];

/** All Legal Entities. */
export function LegalEntitiesRoute() {
  return (
    <ListPage
      title="All Legal Entities"
      create={
        isClientOrAgencyManager(useCurrentUser()) && {
          label: 'Create legal entity',
          to: paths.createLegalEntity,
        }
      }
      gridId="legal-entities"
      columns={columns}
      query={legalEntitiesQueryOptions}
      emptyText="No legal entities."
    />
  );
}

export { LegalEntitiesRoute as Component };
