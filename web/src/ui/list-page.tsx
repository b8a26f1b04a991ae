import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { DataGrid, type DataGridProps, type GridPage } from '@/ui/data-grid';
import { PageHeader } from '@/ui/page-header';

type Props<R, P extends GridPage<R>> = Omit<DataGridProps<R, P>, 'label'> & {
  /** The page's title, also the grid's name. */
  title: string;
  /** The link to the create page, for those who may create (else false). */
  create: { label: string; to: string } | false;
};

/** An 'All …' page: its title with the create link, and the grid of the records. */
export function ListPage<R, P extends GridPage<R> = GridPage<R>>({
  title,
  create,
  ...grid
}: Props<R, P>) {
  return (
    <>
      <PageHeader title={title}>
        {create && (
          <Button component={Link} to={create.to}>
            {create.label}
          </Button>
        )}
      </PageHeader>
      <DataGrid label={title} {...grid} />
    </>
  );
}
