import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { toasts } from '@/lib/errors/catalogue';
import { notify, notifyError } from '@/lib/notify';
import { RowDeleteButton } from '@/ui/row-delete-button';
import { useDeleteUserDocument } from '../api/delete-user-document';
import {
  documentFileUrl,
  userDocumentsQueryOptions,
  type UserDocument,
} from '../api/list-user-documents';
import { useUploadUserDocument } from '../api/upload-user-document';
import { formatMediumDateTime } from '@/lib/format';

/** The file types the server accepts (it checks them again by content). */
export const DOCUMENT_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp';

const MAX_BYTES = 10 * 1024 * 1024;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A user's documents: list and download for whoever may read them (the user, administrators, the
 * client or agency managers of what a freelancer is linked to); upload and delete only with
 * canChange (the user and administrators), as the server allows.
 */
export function DocumentsTab({ userId, canChange }: { userId: number; canChange: boolean }) {
  const query = useQuery(userDocumentsQueryOptions(userId));
  const upload = useUploadUserDocument(userId);
  const remove = useDeleteUserDocument(userId);

  const onFile = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      notify(toasts.documentUploadFailed('The document is larger than 10 MB.'));
      return;
    }
    upload.mutate(file, {
      onSuccess: (doc) => notify(toasts.documentUploaded(doc.name)),
      onError: (err) =>
        notify(
          toasts.documentUploadFailed(
            isApiError(err) && err.message ? err.message : 'Failed to upload the document.',
          ),
        ),
    });
  };

  const confirmDelete = (doc: UserDocument) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: 'Delete document',
      children: <Text size="sm">Delete {doc.name}? This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        remove.mutate(doc.id, {
          onSuccess: () => notify(toasts.documentDeleted),
          onError: notifyError,
        }),
    });

  let body;
  if (query.isPending) {
    body = <Loader size="sm" aria-label="Loading documents" />;
  } else if (query.isError) {
    body = (
      <Alert color="red" title="Documents could not be loaded">
        <Group gap="xs">
          <Text size="sm">Please try again.</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  } else if ((query.data.items ?? []).length === 0) {
    body = <Text c="dimmed">No documents yet.</Text>;
  } else {
    body = (
      <Table.ScrollContainer minWidth={520}>
        <Table striped aria-label="Documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Uploaded by</Table.Th>
              <Table.Th>Uploaded</Table.Th>
              {canChange && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(query.data.items ?? []).map((doc) => (
              <Table.Tr key={doc.id}>
                <Table.Td>
                  <Anchor href={documentFileUrl(userId, doc.id)} download={doc.name}>
                    {doc.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatSize(doc.size)}</Table.Td>
                <Table.Td>{doc.uploadedBy?.fullName ?? '—'}</Table.Td>
                <Table.Td>{formatMediumDateTime(doc.createdAt)}</Table.Td>
                {canChange && (
                  <Table.Td>
                    <RowDeleteButton
                      label={`Delete ${doc.name}`}
                      onClick={() => confirmDelete(doc)}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600} component="h2" size="lg">
          Documents
        </Text>
        {canChange && (
          <FileButton onChange={onFile} accept={DOCUMENT_ACCEPT}>
            {(props) => (
              <Button {...props} size="xs" loading={upload.isPending}>
                Upload document
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {body}
    </Stack>
  );
}
