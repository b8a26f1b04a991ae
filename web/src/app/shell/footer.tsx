import { Anchor, Group, Text } from '@mantine/core';
import { useCurrentUser } from '@/lib/current-user';
import { isAdmin } from '@/lib/permissions';

/** The product's first year: the copyright runs from it to the current year. */
const FIRST_YEAR = 2023;

/** '© 2023–2026 Hive': the year range ends at the current year. */
export function copyrightNotice(now: Date = new Date()): string {
  return `© ${FIRST_YEAR}–${now.getFullYear()} Hive`;
}

export function Footer() {
  const user = useCurrentUser();
  return (
    <Group h="100%" px="md" justify="space-between" gap="xs">
      <Text size="xs" c="dimmed">
        {copyrightNotice()} ·{' '}
        <Anchor
          href="https://www.geonames.org"
          target="_blank"
          rel="noreferrer"
          inherit
          c="dimmed"
          title="Place names and positions: contains GeoNames data, CC BY 4.0, geonames.org"
        >
          GeoNames
        </Anchor>{' '}
        data, CC BY 4.0
      </Text>
      {isAdmin(user) && user.buildId && (
        // Beside the copyright and the GeoNames attribution it would not fit on a phone's line.
        <Text size="xs" c="dimmed" visibleFrom="xs">
          Build {user.buildId}
        </Text>
      )}
    </Group>
  );
}
