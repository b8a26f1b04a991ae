import { Alert, Anchor, Button, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { jobBriefsQuery } from '@/features/jobs';
import { paths } from '@/lib/paths';

/** The Job tab (client managers and admins): the job templates, 300 px high (spec §9). */
export function JobTab() {
  const briefs = useQuery(jobBriefsQuery());
  return (
    <Stack gap="sm">
      <Button component={Link} to={paths.jobTemplates} variant="light" size="xs">
        All job templates
      </Button>
      {briefs.isPending && <Loader size="sm" aria-label="Loading the job templates" />}
      {briefs.isError && (
        <Alert color="red" title="Could not load the job templates" role="alert" />
      )}
      {briefs.isSuccess && (briefs.data ?? []).length === 0 && (
        <Text size="sm">No job templates yet.</Text>
      )}
      <ScrollArea.Autosize mah={300}>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {(briefs.data ?? []).map((b) => (
            <li key={b.id}>
              <Anchor component={Link} to={paths.editJobTemplate(b.id)} size="sm">
                {b.title}
              </Anchor>
              <Text span size="xs">
                {' '}
                ({b.entityName})
              </Text>
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
