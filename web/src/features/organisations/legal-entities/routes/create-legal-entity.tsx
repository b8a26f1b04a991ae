import { Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { isAdmin } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { getEntities } from '@/features/organisations/entities/api/get-entities';
import { entityQueryOptions } from '@/features/organisations/entities/api/get-entity';
import { RecordPicker } from '@/ui/record-picker';
import { useCreateLegalEntity } from '../api/create-legal-entity';
import { validateCompanyNumber } from '../api/validate-company-number';
import { validateIban } from '../api/validate-iban';
import { LegalEntityForm } from '../components/legal-entity-form';
import { legalEntityName, legalEntityPayload } from '../rules';

/** Create Legal Entity; ?entityId= links it to that entity. */
export function CreateLegalEntityRoute() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const linkedId = Number(search.get('entityId')) || undefined;
  const [picked, setPicked] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const entityId = linkedId ?? (picked ? Number(picked) : undefined);
  const create = useCreateLegalEntity();
  // The entity it will belong to, named as people know it (its id means nothing to them).
  const linked = useQuery({ ...entityQueryOptions(linkedId ?? 0), enabled: !!linkedId });

  return (
    <>
      <PageHeader title="Create Legal Entity" />
      <Paper withBorder p="md">
        {linkedId ? (
          <Text c="dimmed" mb="sm">
            {linked.data
              ? `The new legal entity will be connected to ${linked.data.name}.`
              : linked.isError
                ? 'The entity this legal entity would belong to could not be loaded.'
                : 'Loading the entity…'}
          </Text>
        ) : (
          <RecordPicker
            kind="entity"
            label="Entity"
            description="The entity this legal entity belongs to"
            required
            mb="md"
            value={picked}
            error={pickError}
            onChange={(v) => {
              setPicked(v);
              setPickError(null);
            }}
            search={async (name) => {
              const page = await getEntities({
                page: 1,
                pageSize: 20,
                filters: name ? { name } : {},
              });
              return (page.items ?? []).map((e) => ({ value: String(e.id), label: e.name }));
            }}
          />
        )}
        <LegalEntityForm
          submitLabel="Create legal entity"
          canSetStatus={isAdmin(user)}
          checkIban={validateIban}
          checkCompany={validateCompanyNumber}
          onSubmit={async (values) => {
            if (!entityId) {
              setPickError('This field is required');
              return;
            }
            const le = await create.mutateAsync({
              ...legalEntityPayload(values),
              entityIds: [entityId],
            });
            notify(toasts.legalEntityCreated(legalEntityName(le)));
            await navigate(paths.editLegalEntity(le.id));
          }}
        />
      </Paper>
    </>
  );
}

export { CreateLegalEntityRoute as Component };
