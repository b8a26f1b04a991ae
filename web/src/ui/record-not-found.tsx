import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/api/errors';
import { RetryAlert } from './retry-alert';
import { PageHeader } from './page-header';

/**
 * The page of a record that does not exist or that the viewer may not see (the server's 404, or
 * 403): a heading, why, and the way back: a button to the list of such records, or `back`.
 */
export function RecordNotFound({
  title,
  message,
  list,
  back,
}: {
  title: string;
  message: string;
  list?: { to: string; label: string };
  back?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <PageHeader title={title} />
      <Alert color="gray" title="Not found">
        <Text size="sm" mb="sm">
          {message}
        </Text>
        {list && (
          <Button component={Link} to={list.to} size="xs" variant="default">
            {list.label}
          </Button>
        )}
        {back}
      </Alert>
    </Stack>
  );
}

/**
 * What a record's page shows while its query has no record: 'not found' (`RecordNotFound` with
 * `notFound`) for an id the address cannot hold or the server's refusal to find it (a status in
 * `notFoundStatuses`), a loader while it loads, else the failed read with Retry (and
 * `failureText` above the button, if given). `what` names the record: 'the department'.
 */
export function RecordLoadStates({
  record: { query, valid },
  what,
  notFound,
  notFoundStatuses = [404],
  failureText,
}: {
  /** The page's `useRecordQuery`. */
  record: {
    query: Pick<UseQueryResult<unknown, unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>;
    valid: boolean;
  };
  what: string;
  notFound: Parameters<typeof RecordNotFound>[0];
  notFoundStatuses?: number[];
  failureText?: string;
}) {
  const refused =
    query.isError && isApiError(query.error) && notFoundStatuses.includes(query.error.status);
  if (!valid || refused) return <RecordNotFound {...notFound} />;
  if (query.isPending) return <Loader aria-label={`Loading ${what}`} />;
  return (
    <RetryAlert title={`Could not load ${what}`} onRetry={() => void query.refetch()}>
      {failureText && <Text size="sm">{failureText}</Text>}
    </RetryAlert>
  );
}
