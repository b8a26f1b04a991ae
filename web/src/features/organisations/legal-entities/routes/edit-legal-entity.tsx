import { Badge, Group, Paper, Text } from '@mantine/core';
import { toasts } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { useRecordQuery } from '@/lib/record-query';
import { notify } from '@/lib/notify';
import { isAdmin } from '@/lib/permissions';
import { FullPageMessage } from '@/ui/full-page-message';
import { PageHeader } from '@/ui/page-header';
import { AuditButton } from '@/features/audit';
import { SelfBillingCard } from '@/features/invoices';
import { legalEntityQueryOptions } from '../api/get-legal-entity';
import { useUpdateLegalEntity } from '../api/update-legal-entity';
import { validateCompanyNumber } from '../api/validate-company-number';
import { validateIban } from '../api/validate-iban';
import { LegalEntityForm } from '../components/legal-entity-form';
import {
  formValuesOf,
  legalEntityName,
  legalEntityPayload,
  statusColour,
  statusLabel,
} from '../rules';

/** Edit a legal entity; admins also set its validation status. */
export function EditLegalEntityRoute() {
  const { id, query } = useRecordQuery(legalEntityQueryOptions);
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const update = useUpdateLegalEntity(id);

  if (query.isPending) return <FullPageMessage message="Loading..." />;
  if (query.isError || !query.data)
    return <Text>That legal entity does not exist, or you may not see it.</Text>;
  const le = query.data;

  return (
    <>
      <PageHeader title={legalEntityName(le)}>
        <Group gap="sm" wrap="wrap">
          <Badge color={statusColour(le.status)} size="lg">
            {statusLabel(le.status)}
          </Badge>
          <AuditButton kind="legal-entities" id={le.id} />
        </Group>
      </PageHeader>
      <Paper withBorder p="md">
        <LegalEntityForm
          key={le.version}
          existing
          initialValues={formValuesOf(le)}
          canSetStatus={admin}
          submitLabel="Save legal entity"
          checkIban={validateIban}
          checkCompany={validateCompanyNumber}
          onSubmit={async (values) => {
            await update.mutateAsync({
              ...legalEntityPayload(values),
              ...(admin ? { status: values.status } : {}),
              version: le.version,
            });
            notify(toasts.legalEntitySaved);
          }}
        />
      </Paper>
      <SelfBillingCard legalEntityId={le.id} />
    </>
  );
}

export { EditLegalEntityRoute as Component };
