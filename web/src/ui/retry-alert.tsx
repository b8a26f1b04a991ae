import { Alert, Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A red alert for a read that failed, with a Retry button; what the server said, if shown, comes
 * as children above the button.
 */
export function RetryAlert({
  title,
  onRetry,
  children,
}: {
  title: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const retry = (
    <Button size="xs" variant="light" onClick={onRetry}>
      Retry
    </Button>
  );
  return (
    <Alert color="red" title={title} role="alert">
      {children ? (
        <Stack gap="xs" align="flex-start">
          {children}
          {retry}
        </Stack>
      ) : (
        retry
      )}
    </Alert>
  );
}
