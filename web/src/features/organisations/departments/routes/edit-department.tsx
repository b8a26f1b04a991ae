import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useRecordQuery } from '@/lib/record-query';
import { canManageDepartment, canManageEntity } from '@/lib/permissions';
import { SectionCard } from '@/ui/section-card';
import { PageHeader } from '@/ui/page-header';
import { RecordLoadStates } from '@/ui/record-not-found';
import { ConnectedUsersSection } from '@/features/organisations/links/components/connected-users-section';
import { DEPARTMENT_LINKS } from '@/features/organisations/links/rules';
import { departmentQueryOptions } from '../api/get-department';
import { useUpdateDepartment } from '../api/update-department';
import { DepartmentJobTemplates } from '../components/department-job-templates';
import { DepartmentForm } from '../components/department-form';

/** A department that does not exist or that the user may not see (the server's 404). */
const notFound = {
  title: 'Department not found',
  message: 'This department does not exist, or you do not have access to it.',
  list: { to: paths.departments, label: 'All Departments' },
};

/** editDepartment: the department form, its job templates and its connected users. */
export function EditDepartmentRoute() {
  const user = useCurrentUser();
  const department = useRecordQuery(departmentQueryOptions);
  const update = useUpdateDepartment();

  if (!department.query.isSuccess) {
    return <RecordLoadStates record={department} what="the department" notFound={notFound} />;
  }

  const d = department.query.data;
  const canEdit = canManageDepartment(user, d.id) || canManageEntity(user, d.clientId);

  return (
    <Stack gap="md">
      <PageHeader title={d.name} />
      <Text size="sm" c="dimmed" mt={-8}>
        Department of{' '}
        <Anchor component={Link} to={paths.editEntity(d.clientId)} size="sm">
          {d.client.name}
        </Anchor>
      </Text>
      <SectionCard headingId="department-details" title="Department details">
        <DepartmentForm
          key={d.version}
          withAddress
          disabled={!canEdit}
          submitLabel="Save department"
          initialValues={{
            name: d.name,
            email: d.email,
            phone: d.phone,
            timezone: d.timezone,
            cancelWindowDays: d.cancelWindowDays,
            address1: d.address1,
            address2: d.address2,
            address3: d.address3,
            address4: d.address4,
          }}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id: d.id, version: d.version });
            notify(toasts.departmentSaved(saved.name));
          }}
        />
      </SectionCard>
      <DepartmentJobTemplates departmentId={d.id} canManage={canEdit} />
      <ConnectedUsersSection
        kind={DEPARTMENT_LINKS}
        parentId={d.id}
        canManage={canEdit}
        connectButton
      />
    </Stack>
  );
}

export { EditDepartmentRoute as Component };
