import { Button, Code, Text } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AuthCard } from '@/ui/auth-card';
import { NotFound } from './not-found';

/** The router's error element: 404 is the not-found page, everything else the 500 page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ServerErrorPage error={error} />;
}

export function ServerErrorPage({ error }: { error?: unknown }) {
  const detail =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <AuthCard title="500: Something went wrong">
      <Text>
        The application hit an unexpected error. Reload the page, and contact support if it happens
        again.
      </Text>
      {detail && <Code block>{detail}</Code>}
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </AuthCard>
  );
}
