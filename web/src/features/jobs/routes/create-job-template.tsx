import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { jobToasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { isAdmin } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { RecordPicker, type PickerOption } from '@/ui/record-picker';
import { searchDepartments } from '@/lib/pickers';
import { useCreateJobTemplate } from '../api/create-job-template';
import { JobTemplateForm } from '../components/job-template-form';
import { formValuesOf, messages, templateBody } from '../rules';

/**
 * 'Create Job Template': department, title, description, preferred freelancers (and the
 * administrative fields for administrators); then on to its edit page.
 */
export function CreateJobTemplateRoute() {
  const navigate = useNavigate();
  const admin = isAdmin(useCurrentUser());
  const create = useCreateJobTemplate();
  const [department, setDepartment] = useState<PickerOption | null>(null);
  const [deptError, setDeptError] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <PageHeader title="Create Job Template" />
      <Paper withBorder p="md">
        <JobTemplateForm
          initialValues={formValuesOf()}
          departmentId={department ? Number(department.value) : undefined}
          admin={admin}
          submitLabel="Create"
          onSubmit={async (v) => {
            if (!department) {
              setDeptError(messages.departmentRequired);
              return;
            }
            const saved = await create.mutateAsync({
              departmentId: Number(department.value),
              ...templateBody(v, admin),
            });
            notify(jobToasts.templateCreated(saved.title));
            void navigate(paths.editJobTemplate(saved.id));
          }}
        >
          <RecordPicker
            kind="department"
            label="Department"
            withAsterisk
            search={searchDepartments}
            value={department?.value ?? null}
            error={deptError}
            onChange={(_v, option) => {
              setDeptError(null);
              setDepartment(option ? { value: option.value, label: option.label } : null);
            }}
          />
        </JobTemplateForm>
      </Paper>
    </Stack>
  );
}

export { CreateJobTemplateRoute as Component };
