import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/ui/page-header';
import { CalendarSyncSection } from '@/features/calendarsync';
import { PasskeysSection } from '../components/passkeys-section';

/** /settings: the signed-in user's own settings: two-step sign-in, passkeys and (freelancers) their calendar. */
export function SettingsRoute() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Settings" />
      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-labelledby="two-step-heading">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4" id="two-step-heading">
              Two-step sign-in
            </Title>
            <Badge color={user.hasSecondFactor ? 'green' : 'gray'} variant="light">
              {user.hasSecondFactor ? 'On' : 'Off'}
            </Badge>
          </Group>
          <Text size="sm" mt="xs">
            A code from an authenticator app after your password.{' '}
            <Anchor component={Link} to={paths.twoStepSignIn}>
              {user.hasSecondFactor ? 'Manage two-step sign-in' : 'Set up two-step sign-in'}
            </Anchor>
          </Text>
        </Paper>
        <PasskeysSection />
        {user.isFreelancer && <CalendarSyncSection />}
      </Stack>
    </>
  );
}

export { SettingsRoute as Component };
