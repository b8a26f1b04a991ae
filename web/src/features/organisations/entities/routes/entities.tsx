import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { canCreateEntity } from '@/lib/permissions';
import { labelledSet, linkCell, type DataGridColumn } from '@/ui/data-grid';
import { ListPage } from '@/ui/list-page';
import { entitiesQueryOptions, type getEntities } from '../api/get-entities';
import { ENTITY_TYPES, entityTypeLabel } from '../rules';

type EntityRow = NonNullable<Awaited<ReturnType<typeof getEntities>>['items']>[number];

const NameLink = linkCell<EntityRow>(
  (e) => paths.editEntity(e.id),
  (e) => e.name,
);

const columns: DataGridColumn<EntityRow>[] = [
  { field: 'id', headerName: 'ID', sortable: true, maxWidth: 110 },
  {
    field: 'name',
    headerName: 'Name',
    sortable: true,
    filter: { type: 'text' },
    cellRenderer: NameLink,
    minWidth: 180,
  },
  {
    field: 'type',
    headerName: 'Type',
    sortable: true,
    ...labelledSet<EntityRow>(ENTITY_TYPES, entityTypeLabel),
  },
  { field: 'country', headerName: 'Country', maxWidth: 130 },
  { field: 'cancelWindowDays', headerName: 'Cancel window (days)' },
];

/** All Entities: the entities the user may see. */
export function EntitiesRoute() {
  return (
    <ListPage
      title="All Entities"
      create={
        canCreateEntity(useCurrentUser()) && { label: 'Create entity', to: paths.createEntity }
      }
      gridId="entities"
      columns={columns}
      query={entitiesQueryOptions}
      emptyText="No entities."
    />
  );
}

export { EntitiesRoute as Component };
