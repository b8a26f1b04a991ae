import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconDevices,
  IconDevicesOff,
  IconKey,
  IconLogout,
  IconSettings,
  IconUser,
  IconUserCircle,
  IconUserOff,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useLogout } from '@/features/accounts/api/logout';
import { useLogoutEverywhere } from '@/features/accounts/api/logout-everywhere';
import { toasts } from '@/lib/errors/catalogue';
import { isImpersonating, useCurrentUser } from '@/lib/current-user';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { roleBadgeLabel } from '@/lib/permissions';
import { useEndImpersonation } from './use-end-impersonation';

/**
 * The user menu: Cancel Impersonation (only while impersonating), Profile, Change password,
 * Settings, Active sessions, Sign out, Sign out everywhere (Change password, Settings, Active
 * sessions and Sign out everywhere are the user's own, so not offered while impersonating).
 */
export function UserMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout({ onSettled: () => void navigate(paths.login, { replace: true }) });
  const logoutEverywhere = useLogoutEverywhere({
    onSuccess: () => {
      notify(toasts.signedOutEverywhere);
      void navigate(paths.login, { replace: true });
    },
  });
  const cancel = useEndImpersonation();

  return (
    // No fade, so the menu is readable (and checkable by axe) the moment it opens; no focus
    // placeholder, whose tabindex inside role="menu" breaks aria-required-children.
    <Menu
      position="bottom-end"
      width={220}
      withinPortal
      transitionProps={{ duration: 0 }}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        {/* The name and role open the menu as the avatar does: one button holds all three. */}
        <UnstyledButton aria-label="User menu" style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <div style={{ textAlign: 'right', lineHeight: 1.2, minWidth: 0 }}>
              <Text
                size="sm"
                fw={600}
                truncate
                maw={{ base: 110, sm: 240 }}
                data-testid="current-user-name"
              >
                {user.fullName || user.email}
              </Text>
              <Text size="xs" c="dimmed" truncate maw={{ base: 110, sm: 240 }}>
                {roleBadgeLabel(user)}
                {isImpersonating(user) && user.impersonator
                  ? ` · impersonated by ${user.impersonator.fullName}`
                  : ''}
              </Text>
            </div>
            <Avatar color="blue" radius="xl" size={34} aria-hidden="true" style={{ flexShrink: 0 }}>
              <IconUserCircle size={26} stroke={1.5} />
            </Avatar>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.fullName || user.email}</Menu.Label>
        {isImpersonating(user) && (
          <Menu.Item
            leftSection={<IconUserOff size={16} aria-hidden="true" />}
            onClick={() => cancel.mutate()}
          >
            Cancel Impersonation
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconUser size={16} aria-hidden="true" />}
          onClick={() => void navigate(paths.editUser(user.id))}
        >
          Profile
        </Menu.Item>
        {!isImpersonating(user) && (
          <Menu.Item
            leftSection={<IconKey size={16} aria-hidden="true" />}
            onClick={() => void navigate(paths.changePassword)}
          >
            Change password
          </Menu.Item>
        )}
        {!isImpersonating(user) && (
          <>
            <Menu.Item
              leftSection={<IconSettings size={16} aria-hidden="true" />}
              onClick={() => void navigate(paths.settings)}
            >
              Settings
            </Menu.Item>
            <Menu.Item
              leftSection={<IconDevices size={16} aria-hidden="true" />}
              onClick={() => void navigate(paths.sessions)}
            >
              Active sessions
            </Menu.Item>
          </>
        )}
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={() => logout.mutate()}
        >
          Sign out
        </Menu.Item>
        {!isImpersonating(user) && (
          <Menu.Item
            leftSection={<IconDevicesOff size={16} aria-hidden="true" />}
            onClick={() => logoutEverywhere.mutate()}
          >
            Sign out everywhere
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
