import { Group, Stack, Text } from '@mantine/core';
import { BillingRulesSection } from '@/features/timesheets';
import { toasts } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { useRecordQuery } from '@/lib/record-query';
import { notify } from '@/lib/notify';
import { canManageEntity, isAdmin, isClientOrAgencyManager } from '@/lib/permissions';
import { FullPageMessage } from '@/ui/full-page-message';
import { SectionCard } from '@/ui/section-card';
import { PageHeader } from '@/ui/page-header';
import { AuditButton } from '@/features/audit';
import { EntityDepartmentsSection } from '@/features/organisations/departments/components/entity-departments-section';
import { EntityInvitationsSection } from '@/features/organisations/invitations/components/entity-invitations-section';
import { EntityLegalEntitiesSection } from '@/features/organisations/legal-entities/components/entity-legal-entities-section';
import { EntityUsersSection } from '@/features/organisations/links/components/entity-users-section';
import { EntityTagsSection } from '@/features/organisations/tags/components/entity-tags-section';
import { entityQueryOptions } from '../api/get-entity';
import { useUpdateEntity } from '../api/update-entity';
import { EntityForm } from '../components/entity-form';
import { BookingRulesSection } from '../components/booking-rules-section';
import { PreferredLegalEntity } from '../components/preferred-legal-entity';
import { SecondFactorSection } from '../components/second-factor-section';
import { entityTypeLabel } from '../rules';

/** The entity page: its form and the sections of spec §2. */
export function EditEntityRoute() {
  const { id, query: entity } = useRecordQuery(entityQueryOptions);
  const user = useCurrentUser();
  const update = useUpdateEntity(id);

  if (entity.isPending) return <FullPageMessage message="Loading..." />;
  if (entity.isError || !entity.data)
    return <Text>That entity does not exist, or you may not see it.</Text>;

  const e = entity.data;
  const manage = canManageEntity(user, e.id);
  const client = e.type === 'client';
  const showPreferred =
    isAdmin(user) ||
    (manage && isClientOrAgencyManager(user) && (e.type === 'client' || e.type === 'agency'));

  return (
    <>
      <PageHeader title={e.name}>
        <Group gap="sm" wrap="wrap">
          <Text c="dimmed">{entityTypeLabel(e.type)}</Text>
          <AuditButton kind="entities" id={e.id} />
        </Group>
      </PageHeader>
      <Stack gap="lg">
        <SectionCard headingId="entity-details" title="Entity">
          <EntityForm
            key={e.version}
            initialValues={{
              name: e.name,
              type: e.type,
              email: e.email,
              country: e.country,
              timezone: e.timezone,
              cancelWindowDays: e.cancelWindowDays,
            }}
            submitLabel="Save entity"
            disabled={!manage}
            onSubmit={async (values) => {
              const saved = await update.mutateAsync({
                name: values.name,
                email: values.email,
                country: values.country,
                timezone: values.timezone,
                cancelWindowDays: values.cancelWindowDays,
                version: e.version,
              });
              notify(toasts.entitySaved(saved.name));
            }}
          />
        </SectionCard>
        {showPreferred && <PreferredLegalEntity entity={e} />}
        {isAdmin(user) && <SecondFactorSection entityId={e.id} required={e.secondFactorRequired} />}
        {client && <EntityDepartmentsSection entityId={e.id} />}
        {client && manage && <BookingRulesSection entityId={e.id} />}
        {client && manage && <BillingRulesSection entityId={e.id} />}
        <EntityUsersSection entityId={e.id} />
        <EntityLegalEntitiesSection entityId={e.id} canCreate={manage} />
        <EntityInvitationsSection entityId={e.id} />
        {client && <EntityTagsSection entityId={e.id} canEdit={manage} />}
      </Stack>
    </>
  );
}

export { EditEntityRoute as Component };
