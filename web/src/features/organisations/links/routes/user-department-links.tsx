import type { CurrentUser } from '@/api/types';
import {
  canManageDepartment,
  canManageEntity,
  isDepartmentManager,
  managesAnyEntity,
} from '@/lib/permissions';
import type { DataGridColumn, GridQuery } from '@/ui/data-grid';
import { userDepartmentRefsQuery, type UserDepartmentRef } from '../api/get-user-department-refs';
import {
  useCreateUserDepartmentRef,
  useDeleteUserDepartmentRef,
  useUpdateUserDepartmentRef,
} from '../api/user-department-ref-mutations';
import { UserLinksPage } from '../components/user-links-page';
import { DEPARTMENT_LINKS } from '../kinds';

const query = (q: GridQuery, userIds: number[], departmentIds: number[]) =>
  userDepartmentRefsQuery({ ...q, userIds, departmentIds });

const departmentName = (r: UserDepartmentRef) => r.department.name;

const departmentColumns: DataGridColumn<UserDepartmentRef>[] = [
  {
    colId: 'department',
    headerName: 'Department',
    sortable: true,
    valueGetter: ({ data }) => data?.department.name ?? '',
  },
  {
    colId: 'client',
    headerName: 'Client',
    sortable: true,
    valueGetter: ({ data }) => data?.department.clientName ?? '',
  },
];

/** A department's managers and its client's managers change its links. */
const canChange = (me: CurrentUser, r: UserDepartmentRef) =>
  canManageDepartment(me, r.departmentId) || canManageEntity(me, r.department.clientId);

const canConnect = (me: CurrentUser) => managesAnyEntity(me) || isDepartmentManager(me);

/** 'All User-Department connections': every user-department link the user may see. */
export function UserDepartmentLinksRoute() {
  const create = useCreateUserDepartmentRef();
  const update = useUpdateUserDepartmentRef();
  const { mutate: disconnect } = useDeleteUserDepartmentRef();
  return (
    <UserLinksPage
      kind={DEPARTMENT_LINKS}
      title="All User-Department connections"
      gridId="user-department-links"
      parentsLabel="Departments"
      connectTitle="Connect a user to a department"
      query={query}
      parentColumns={departmentColumns}
      parentName={departmentName}
      canConnect={canConnect}
      canChange={canChange}
      create={create.mutateAsync}
      save={update.mutateAsync}
      disconnect={disconnect}
    />
  );
}

export { UserDepartmentLinksRoute as Component };
