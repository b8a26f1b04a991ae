import { Anchor, Badge, Button, Loader, Table, Text } from '@mantine/core';
import { SectionCard } from '@/ui/section-card';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { entityLegalEntitiesQueryOptions } from '../api/get-entity-legal-entities';
import { legalEntityName, legalFormLabels, statusColour, statusLabel } from '../rules';

/** The legal entities connected to an entity, on the entity page. */
export function EntityLegalEntitiesSection({
  entityId,
  canCreate,
}: {
  entityId: number;
  canCreate: boolean;
}) {
  const list = useQuery(entityLegalEntitiesQueryOptions(entityId));
  const headingId = `entity-${entityId}-legal-entities`;
  return (
    <SectionCard
      headingId={headingId}
      title="Connected Legal Entities"
      action={
        canCreate && (
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={`${paths.createLegalEntity}?entityId=${entityId}`}
          >
            Create legal entity
          </Button>
        )
      }
    >
      {list.isPending && <Loader size="sm" aria-label="Loading legal entities" />}
      {list.isError && <Text c="red.9">Could not load the legal entities.</Text>}
      {list.data && list.data.length === 0 && <Text c="dimmed">No connected legal entities.</Text>}
      {list.data && list.data.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Business type</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((le) => (
                <Table.Tr key={le.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.editLegalEntity(le.id)}>
                      {legalEntityName(le)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{legalFormLabels[le.type] ?? le.type}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColour(le.status)}>{statusLabel(le.status)}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
