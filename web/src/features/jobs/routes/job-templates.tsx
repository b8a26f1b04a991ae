import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { DataGrid, type DataGridColumn } from '@/ui/data-grid';
import { PageHeader } from '@/ui/page-header';
import { jobTemplatesQuery } from '../api/get-job-templates';
import type { JobTemplateSummary } from '../rules';
import { JobTemplateLink } from '../components/job-template-link';

const columns: DataGridColumn<JobTemplateSummary>[] = [
  {
    field: 'title',
    headerName: 'Title',
    filter: { type: 'text' },
    cellRenderer: ({ data }: { data?: JobTemplateSummary }) => <JobTemplateLink row={data} />,
  },
  { field: 'departmentName', headerName: 'Department' },
  { field: 'clientName', headerName: 'Client' },
  { field: 'placementTemplateCount', headerName: 'Placements', maxWidth: 160 },
];

/** 'Job Templates': every template the user may see. */
export function JobTemplatesRoute() {
  return (
    <Stack gap="md">
      <PageHeader title="Job Templates">
        <Button component={Link} to={paths.createJobTemplate}>
          Create
        </Button>
      </PageHeader>
      <DataGrid
        gridId="job-templates"
        label="Job Templates"
        columns={columns}
        query={jobTemplatesQuery}
        emptyText="No job templates to show."
      />
    </Stack>
  );
}

export { JobTemplatesRoute as Component };
