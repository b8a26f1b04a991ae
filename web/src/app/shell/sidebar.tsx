import { Badge, NavLink, ScrollArea, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { visibleNav, type NavBadge } from './nav-items';

function isActive(pathname: string, to: string): boolean {
  if (to === paths.home) return pathname === to;
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The sidebar's entries by section; plain links, so the keyboard works as everywhere. */
export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();

  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap="md" p="sm">
        {visibleNav(user).map((section, index) => {
          const headingId = `nav-section-${index}`;
          return (
            <div
              key={section.title ?? index}
              role={section.title ? 'group' : undefined}
              aria-labelledby={section.title ? headingId : undefined}
            >
              {section.title && (
                <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
                  {section.title}
                </Text>
              )}
              {section.items.map((item) => {
                const active = isActive(pathname, item.to);
                const badge = item.badge?.(user);
                return (
                  <NavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={item.label}
                    leftSection={<item.icon size={18} stroke={1.6} aria-hidden="true" />}
                    rightSection={badge ? <CountBadge badge={badge} /> : undefined}
                    active={active}
                    // Filled: the light variant's hover background is below 4.5:1 contrast.
                    variant="filled"
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavigate}
                  />
                );
              })}
            </div>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}

/**
 * A count on a sidebar entry. Sighted users see the number (its tooltip says what it counts);
 * screen readers hear what it counts, as part of the link's name ('Agenda 3 offers awaiting your
 * answer').
 */
function CountBadge({ badge }: { badge: NavBadge }) {
  return (
    <Tooltip label={badge.label} withArrow>
      <Badge color="red" variant="filled" circle={badge.count < 10}>
        <span aria-hidden="true">{badge.count}</span>
        <VisuallyHidden>{badge.label}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
