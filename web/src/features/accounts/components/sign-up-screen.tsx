import { Alert, Button, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { AuthCard } from '@/ui/auth-card';
import { whoamiQueryOptions } from '@/lib/session';
import { BackToLogin } from './back-to-login';

/** The frame of both sign-up screens: a signed-in user is told to log out first. */
export function SignUpScreen({ title, children }: { title: string; children: ReactNode }) {
  const whoami = useQuery({ ...whoamiQueryOptions(), retry: false });

  return (
    <AuthCard title={title}>
      {whoami.isPending ? (
        <Loader size="sm" aria-label="Checking your session" />
      ) : whoami.data ? (
        <Alert color="blue" title="You are logged in">
          <Text size="sm" mb="sm">
            You are logged in as {whoami.data.fullName || whoami.data.email}. Log out first to
            create a new account.
          </Text>
          <Button component={Link} to={paths.logout} size="xs">
            Log out
          </Button>
        </Alert>
      ) : (
        children
      )}
      <BackToLogin />
    </AuthCard>
  );
}
