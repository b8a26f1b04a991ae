import { Button, Group, Select } from '@mantine/core';
import { SectionCard } from '@/ui/section-card';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { notify, notifyError } from '@/lib/notify';
import { entityLegalEntitiesQueryOptions } from '@/features/organisations/legal-entities/api/get-entity-legal-entities';
import { legalEntityName } from '@/features/organisations/legal-entities/rules';
import { useUpdateEntity } from '../api/update-entity';

interface EntityLike {
  id: number;
  version: number;
  preferredLegalEntityId?: number | null;
}

/** The preferred legal entity of a client or agency, among its connected legal entities. */
export function PreferredLegalEntity({ entity }: { entity: EntityLike }) {
  const linked = useQuery(entityLegalEntitiesQueryOptions(entity.id));
  const update = useUpdateEntity(entity.id);
  const current = entity.preferredLegalEntityId ? String(entity.preferredLegalEntityId) : null;
  const [value, setValue] = useState<string | null>(current);
  const options = (linked.data ?? []).map((le) => ({
    value: String(le.id),
    label: legalEntityName(le),
  }));

  return (
    <SectionCard headingId="entity-preferred-le" title="Preferred Legal Entity">
      <Group align="flex-end" gap="sm">
        <Select
          label="Preferred legal entity"
          placeholder={options.length ? 'Choose a legal entity' : 'No connected legal entities'}
          data={options}
          value={value}
          onChange={setValue}
          clearable
          w={{ base: '100%', sm: 360 }}
        />
        <Button
          variant="light"
          disabled={value === current}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { preferredLegalEntityId: value ? Number(value) : 0, version: entity.version },
              {
                onSuccess: () => notify(toasts.preferredLegalEntitySaved),
                onError: notifyError,
              },
            )
          }
        >
          Save preferred
        </Button>
      </Group>
    </SectionCard>
  );
}
