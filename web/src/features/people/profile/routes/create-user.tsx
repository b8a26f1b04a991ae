import { Navigate, useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { isAdmin, isClientOrAgencyManager } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { useCreateAccount } from '../api/create-account';
import { CreateUserForm } from '../components/create-user-form';

/** createUser: client or agency managers and administrators create an assisted account. */
export function Component() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateAccount();
  if (!isClientOrAgencyManager(me)) return <Navigate to={paths.bookings} replace />;
  return (
    <>
      <PageHeader title="Create User" />
      <CreateUserForm
        admin={isAdmin(me)}
        onSubmit={async (body) => {
          const user = await create.mutateAsync(body);
          notify(toasts.userCreated(user.email));
          void navigate(paths.editUser(user.id));
        }}
      />
    </>
  );
}
