import { Alert, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { jobToasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { isAdmin } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { jobTemplateQuery } from '../api/get-job-template';
import { useUpdateJobTemplate } from '../api/update-job-template';
import { JobTemplateForm } from '../components/job-template-form';
import { PlacementTemplatesEditor } from '../components/placement-templates-editor';
import { formValuesOf, templateBody } from '../rules';

/**
 * 'Edit Job Template': the template form (with its preferred freelancers, and the administrative
 * fields for administrators) and its placement templates with rate cards.
 */
export function EditJobTemplateRoute() {
  const id = Number(useParams().id);
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const q = useQuery(jobTemplateQuery(id));
  const update = useUpdateJobTemplate();
  if (q.isPending) return <Loader aria-label="Loading job template" />;
  if (q.isError)
    return (
      <Alert color="red" title="Job template not available">
        This job template does not exist or you may not see it.
      </Alert>
    );
  const t = q.data;
  return (
    <Stack gap="md">
      <PageHeader title={`Edit Job Template: ${t.title}`} />
      <Text size="sm" c="dimmed">
        {t.clientName} · {t.department.name}
      </Text>
      <Paper withBorder p="md">
        <JobTemplateForm
          key={t.version}
          initialValues={formValuesOf(t)}
          departmentId={t.departmentId}
          admin={admin}
          submitLabel="Save"
          onSubmit={async (v) => {
            const saved = await update.mutateAsync({
              id: t.id,
              version: t.version,
              ...templateBody(v, admin),
            });
            notify(jobToasts.templateSaved(saved.title));
          }}
        />
      </Paper>
      <PlacementTemplatesEditor
        jobTemplateId={t.id}
        placements={t.placementTemplates ?? []}
        admin={admin}
      />
    </Stack>
  );
}

export { EditJobTemplateRoute as Component };
