import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
