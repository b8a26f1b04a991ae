import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/ui/page-header';
import { myDocumentsQueryOptions } from '../api/get-my-documents';
import { DocumentList } from '../components/document-list';

export const NO_DOCUMENTS = 'You have no documents to sign.';

/** /document-signing: the documents the signed-in user must sign, and those they signed. */
export function Component() {
  const docs = useQuery(myDocumentsQueryOptions());
  return (
    <Stack gap="md">
      <PageHeader title="Document Signing" />
      <Text size="sm" c="dimmed">
        Documents you are asked to sign for your bookings. Urgent ones are due within two days or
        overdue. Sign opens the document in a new tab; its status changes here once it is signed.
      </Text>
      <section aria-label="Your documents">
        {docs.isPending ? (
          <Stack align="center" py="lg" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Loading your documents...</Text>
          </Stack>
        ) : docs.isError ? (
          <Alert color="red" variant="light" title="Documents" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Your documents could not be loaded.</Text>
              <Button size="xs" variant="default" onClick={() => void docs.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : docs.data.length === 0 ? (
          <Text c="dimmed">{NO_DOCUMENTS}</Text>
        ) : (
          <DocumentList documents={docs.data} view="mine" />
        )}
      </section>
    </Stack>
  );
}
