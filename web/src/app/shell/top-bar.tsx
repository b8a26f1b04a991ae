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
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { appInfoQueryOptions } from '@/lib/session';
import { accountStatusDisplay } from '@/lib/account-status';
import { useCurrentUser } from '@/lib/current-user';
import { countOf } from '@/lib/format';
import { paths } from '@/lib/paths';
import { notificationStatsQueryOptions } from '@/features/notifications/api/get-notification-stats';
import { isDepartmentManager } from '@/lib/permissions';
import { UserMenu } from './user-menu';

// The search (its results, advanced filters and their pickers) is for department managers only
// and no part of the first screen: its code loads for them, after the page.
const TopBarSearch = lazy(() =>
  import('@/features/search').then((m) => ({ default: m.TopBarSearch })),
);

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

/**
 * What the user still has to do (offers to answer, invitations, account setup), counted by the
 * server: a link to Home, where each is listed, named and with a tooltip saying what it counts.
 */
function ActionsRequired({ count }: { count: number }) {
  const label = countOf(count, 'action required', 'actions required');
  return (
    <Tooltip label={`${label}: see Home`}>
      <Badge
        component={Link}
        to={paths.home}
        color="red"
        variant="filled"
        circle={count < 10}
        style={{ flexShrink: 0, cursor: 'pointer' }}
        aria-label={label}
      >
        {count}
      </Badge>
    </Tooltip>
  );
}

export function TopBar({ mobileOpened, desktopOpened, toggleMobile, toggleDesktop }: Props) {
  const user = useCurrentUser();
  const appInfo = useQuery(appInfoQueryOptions());
  const environment = appInfo.data?.environment ?? '';
  const status = accountStatusDisplay[user.accountStatus] ?? accountStatusDisplay.unknown;
  const productName = appInfo.data?.productName || 'Hive';

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
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
          // Never squeezed: on a phone the user's name gives way instead ('LOCAL DEV', not 'L.').
          <Tooltip label={`Environment: ${environment}`}>
            <Badge
              color="violet"
              variant="light"
              style={{ flexShrink: 0, overflow: 'visible' }}
              aria-label={`Environment ${environment}`}
            >
              {environment}
            </Badge>
          </Tooltip>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {isDepartmentManager(user) && (
          <Suspense fallback={null}>
            <TopBarSearch />
          </Suspense>
        )}
        <NotificationBell />
        {user.actionsRequired > 0 && <ActionsRequired count={user.actionsRequired} />}
        <Tooltip label={`Account status: ${status.label}`}>
          <Badge
            color={status.color}
            variant="light"
            visibleFrom="xs"
            style={{ flexShrink: 0 }}
            aria-label={`Account status: ${status.label}`}
          >
            {status.label}
          </Badge>
        </Tooltip>
        <UserMenu />
      </Group>
    </Group>
  );
}
