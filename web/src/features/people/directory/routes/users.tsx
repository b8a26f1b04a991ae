import { Button, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { isAdmin, isClientOrAgencyManager } from '@/lib/permissions';
import { appInfoQueryOptions, useImpersonate } from '@/lib/session';
import { DataGrid, linkCell } from '@/ui/data-grid';
import { PageHeader } from '@/ui/page-header';
import { type DirectoryUser, type UserTab, usersQueryOptions } from '../api/get-users';
import { userColumns } from '../components/user-columns';

const displayName = (u: DirectoryUser) => u.fullName || u.email;

const EmailLink = linkCell<DirectoryUser>(
  (u) => paths.editUser(u.id),
  (u) => u.email,
);

function ImpersonateButton({ data }: CustomCellRendererProps<DirectoryUser>) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const impersonate = useImpersonate({
    leave: async (user) => {
      await navigate(paths.bookings);
      notify(toasts.impersonating(user.fullName));
    },
  });
  // An administrator cannot be impersonated (the server refuses too).
  if (!data || data.id === me.id || data.canAdmin) return null;
  return (
    // The name is in the accessible name; the visible word keeps the pinned column narrow.
    <Button
      size="compact-xs"
      variant="light"
      aria-label={`Impersonate ${displayName(data)}`}
      loading={impersonate.isPending}
      onClick={() => impersonate.mutate(data.id)}
    >
      Impersonate
    </Button>
  );
}

const TABS: { value: UserTab; label: string }[] = [
  { value: 'freelancer', label: 'Freelancer' },
  { value: 'staff', label: 'Staff' },
];

// The Staff tab opens first: it holds the organisation's own people (and the administrators'
// usual impersonation targets); ?tab=freelancer opens the Freelancer tab.
const DEFAULT_TAB: UserTab = 'staff';

/** All Users: Freelancer and Staff tabs, each a server-paged grid. */
export function UsersRoute() {
  const me = useCurrentUser();
  const admin = isAdmin(me);
  const [search, setSearch] = useSearchParams();
  const tab: UserTab =
    search.get('tab') === 'freelancer'
      ? 'freelancer'
      : search.get('tab') === 'staff'
        ? 'staff'
        : DEFAULT_TAB;
  const appInfo = useQuery(appInfoQueryOptions());
  const productName = appInfo.data?.productName || 'Hive';
  const columns = useMemo(
    () => userColumns({ admin, productName, emailCell: EmailLink, actionsCell: ImpersonateButton }),
    [admin, productName],
  );
  const queries = useMemo(
    () => ({ freelancer: usersQueryOptions('freelancer'), staff: usersQueryOptions('staff') }),
    [],
  );

  return (
    <>
      <PageHeader title="All Users">
        {(admin || isClientOrAgencyManager(me)) && (
          <Button component={Link} to={paths.createUser}>
            Create user
          </Button>
        )}
      </PageHeader>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(v) => {
          if (v === 'freelancer' || v === 'staff') setSearch({ tab: v }, { replace: true });
        }}
      >
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            <DataGrid
              gridId={`users-${t.value}${admin ? '-admin' : ''}`}
              label={`All Users: ${t.label}`}
              columns={columns}
              query={queries[t.value]}
              emptyText="No users."
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

export { UsersRoute as Component };
