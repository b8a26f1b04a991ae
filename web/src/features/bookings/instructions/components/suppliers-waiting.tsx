import { Group, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { loadFailureText } from '@/lib/errors/refusal';
import { RetryAlert } from '@/ui/retry-alert';

/** The part of an available-suppliers read that says whether its answer is there yet. */
interface SuppliersRead {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a list of available suppliers shows before it has them: a loader while the read runs,
 * or the read's failure with the server's reason and Retry; null once the suppliers are there.
 * The invite dialog and an offer in turn's Add candidates both wait this way.
 */
export function suppliersWaiting(read: SuppliersRead): ReactNode | null {
  if (read.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label="Loading available suppliers" />
      </Group>
    );
  }
  if (read.isError) {
    return (
      <RetryAlert
        title="Could not load the available suppliers"
        onRetry={() => void read.refetch()}
      >
        {loadFailureText(read.error)}
      </RetryAlert>
    );
  }
  return null;
}
