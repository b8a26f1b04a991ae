import { Alert, Anchor, Button, List, Loader, Text } from '@mantine/core';
import { SectionCard } from '@/ui/section-card';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { departmentJobTemplatesQuery } from '@/features/jobs';

/** The Job Templates section of the department edit page: its templates, linking to their edit pages. */
export function DepartmentJobTemplates({
  departmentId,
  canManage,
}: {
  departmentId: number;
  canManage: boolean;
}) {
  // The jobs feature's query, so the jobs pages' writes refresh it.
  const q = useQuery(departmentJobTemplatesQuery(departmentId));
  return (
    <SectionCard
      headingId="department-job-templates"
      title="Job Templates"
      action={
        canManage && (
          <Button size="xs" variant="light" component={Link} to={paths.createJobTemplate}>
            Create job template
          </Button>
        )
      }
    >
      {q.isPending && <Loader size="sm" mt="xs" aria-label="Loading job templates" />}
      {q.isError && (
        <Alert color="red" mt="xs">
          The job templates could not be loaded.
        </Alert>
      )}
      {q.data?.length === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          This department has no job templates.
        </Text>
      )}
      {q.data && q.data.length > 0 && (
        <List mt="xs" spacing={4}>
          {q.data.map((t) => (
            <List.Item key={t.id}>
              <Anchor component={Link} to={paths.editJobTemplate(t.id)} size="sm">
                {t.title}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                ({t.placementTemplateCount} placements)
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
