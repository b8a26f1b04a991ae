import {
  ActionIcon,
  Badge,
  Burger,
  Group,
  Indicator,
  Text,
  Tooltip,
  type BurgerProps,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { appInfoQueryOptions } from '@/lib/session';
import { accountStatusDisplay } from '@/lib/account-status';
import { isImpersonating, useCurrentUser } from '@/lib/current-user';
import { countOf } from '@/lib/format';
import { paths } from '@/lib/paths';
import { roleBadgeLabel } from '@/lib/permissions';
import { notificationStatsQueryOptions } from '@/features/notifications/api/get-notification-stats';
import { TopBarSearch } from '@/features/search';
import { UserMenu } from './user-menu';

const SHOWN_ENVIRONMENTS = new Set(['DEV', 'LOCAL DEV', 'DEMO']);

/**
 * The bell: the unread count (polled, and read again after every write), linking to the list.
 * Until the count is known it is simply 'Notifications'.
 */
function NotificationBell() {
  const stats = useQuery(notificationStatsQueryOptions());
  const unread = stats.data?.unread ?? 0;
  const label = stats.data ? countOf(unread, 'unread notification') : 'Notifications';
  return (
    <Tooltip label={label}>
      <ActionIcon
        component={Link}
        to={paths.notifications}
        variant="subtle"
        color="dark"
        size="lg"
        aria-label={label}
      >
        <Indicator
          label={unread > 99 ? '99+' : unread}
          disabled={unread === 0}
          size={16}
          color="red"
          offset={2}
        >
          <IconBell size={20} aria-hidden />
        </Indicator>
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The burger that shows or hides the navigation (one for phones, one for wider screens), named
 * for what a click does: `names` is [when open, when closed].
 */
function NavigationBurger({
  opened,
  names: [whenOpen, whenClosed],
  ...props
}: Omit<BurgerProps, 'size' | 'aria-label'> & { opened: boolean; names: [string, string] }) {
  return (
    <Burger opened={opened} size="sm" aria-label={opened ? whenOpen : whenClosed} {...props} />
  );
}

interface Props {
  mobileOpened: boolean;
  desktopOpened: boolean;
  toggleMobile: () => void;
  toggleDesktop: () => void;
}

export function TopBar({ mobileOpened, desktopOpened, toggleMobile, toggleDesktop }: Props) {
  const user = useCurrentUser();
  const appInfo = useQuery(appInfoQueryOptions());
  const environment = appInfo.data?.environment ?? '';
  const status = accountStatusDisplay[user.accountStatus] ?? accountStatusDisplay.unknown;
  const productName = appInfo.data?.productName || 'Hive';

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <NavigationBurger
          opened={mobileOpened}
          onClick={toggleMobile}
          hiddenFrom="md"
          names={['Close navigation', 'Open navigation']}
        />
        <NavigationBurger
          opened={desktopOpened}
          onClick={toggleDesktop}
          visibleFrom="md"
          names={['Collapse navigation', 'Expand navigation']}
        />
        <Text component={Link} to={paths.home} fw={700} size="lg" c="dark.9" td="none">
          {productName}
        </Text>
        {SHOWN_ENVIRONMENTS.has(environment) && (
          <Badge color="violet" variant="light" aria-label={`Environment ${environment}`}>
            {environment}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <TopBarSearch />
        <NotificationBell />
        {user.actionsRequired > 0 && (
          <Tooltip label="Actions required">
            <Badge
              color="red"
              variant="filled"
              circle={user.actionsRequired < 10}
              aria-label={`${user.actionsRequired} actions required`}
            >
              {user.actionsRequired}
            </Badge>
          </Tooltip>
        )}
        <Badge
          color={status.color}
          variant="light"
          visibleFrom="xs"
          aria-label={`Account status: ${status.label}`}
        >
          {status.label}
        </Badge>
        <div style={{ textAlign: 'right', lineHeight: 1.2 }}>
          <Text
            size="sm"
            fw={600}
            truncate
            maw={{ base: 110, sm: 240 }}
            data-testid="current-user-name"
          >
            {user.fullName || user.email}
          </Text>
          <Text size="xs" c="dimmed">
            {roleBadgeLabel(user)}
            {isImpersonating(user) && user.impersonator
              ? ` · impersonated by ${user.impersonator.fullName}`
              : ''}
          </Text>
        </div>
        <UserMenu />
      </Group>
    </Group>
  );
}
