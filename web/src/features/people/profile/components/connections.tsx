import { Anchor, Badge, Group, List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import type { Profile } from '../api/get-profile';

type Links = NonNullable<Profile['entities']>;

function LinkList({
  title,
  items,
  to,
}: {
  title: string;
  items: Links;
  to: (id: number) => string;
}) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          None.
        </Text>
      ) : (
        <List spacing={4} listStyleType="none">
          {items.map((l) => (
            <List.Item key={l.id}>
              <Group gap="xs">
                <Anchor component={Link} to={to(l.id)} size="sm">
                  {l.name}
                </Anchor>
                {l.can_manage && (
                  <Badge size="xs" variant="light">
                    Manager
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** The entities and departments the user is connected to. */
export function Connections({ profile }: { profile: Profile }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <LinkList title="Connected Entities" items={profile.entities ?? []} to={paths.editEntity} />
      <LinkList
        title="Connected Departments"
        items={profile.departments ?? []}
        to={paths.editDepartment}
      />
    </SimpleGrid>
  );
}
