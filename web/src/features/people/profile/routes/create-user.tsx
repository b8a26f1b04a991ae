import { Alert, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { isAdmin, isClientOrAgencyManager } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { useCreateAccount } from '../api/create-account';
import { getEntityOption } from '@/lib/pickers';
import { CreateUserForm } from '../components/create-user-form';
import { entityKeys } from '@/lib/query-keys';

/**
 * createUser: client or agency managers and administrators create an assisted account.
 * With ?entityId= (the entity page's 'Create a user') that entity is picked already.
 */
export function Component() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const entityId = Number(search.get('entityId')) || undefined;
  const create = useCreateAccount();
  const entity = useQuery({
    queryKey: entityKeys.option(entityId ?? 0),
    queryFn: () => getEntityOption(entityId!),
    enabled: !!entityId,
    retry: false,
    meta: { silentErrors: true },
  });
  if (!isClientOrAgencyManager(me)) return <Navigate to={paths.bookings} replace />;
  return (
    <>
      <PageHeader title="Create User" />
      {entityId && entity.isPending ? (
        <Loader size="sm" aria-label="Loading the entity" />
      ) : (
        <>
          {entity.isError && (
            <Alert color="yellow" mb="md" title="Entity not found">
              The entity of the link could not be loaded: choose the entities below.
            </Alert>
          )}
          <CreateUserForm
            admin={isAdmin(me)}
            initialEntities={entity.data ? [entity.data] : []}
            onSubmit={async (body) => {
              const user = await create.mutateAsync(body);
              notify(toasts.userCreated(user.email));
              void navigate(paths.editUser(user.id));
            }}
          />
        </>
      )}
    </>
  );
}
