import { Paper, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/ui/page-header';
import { useCreateEntity } from '../api/create-entity';
import { EntityForm } from '../components/entity-form';
import { entityTypeOptions } from '../rules';

/** Create Entity: the type options follow the user's create-per-kind rights. */
export function CreateEntityRoute() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateEntity();
  const options = entityTypeOptions(user);

  return (
    <>
      <PageHeader title="Create Entity" />
      {options.length === 0 ? (
        <Text>You may not create entities.</Text>
      ) : (
        <Paper withBorder p="md">
          <EntityForm
            typeOptions={options}
            initialValues={options.length === 1 ? { type: options[0]!.value } : undefined}
            submitLabel="Create entity"
            onSubmit={async (values) => {
              const entity = await create.mutateAsync(values);
              notify(toasts.entityCreated(entity.name));
              await navigate(paths.editEntity(entity.id));
            }}
          />
        </Paper>
      )}
    </>
  );
}

export { CreateEntityRoute as Component };
