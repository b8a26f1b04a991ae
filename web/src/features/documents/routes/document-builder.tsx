import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { isDepartmentManager } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { requestedDocumentsQueryOptions } from '../api/get-requested-documents';
import { DocumentList } from '../components/document-list';
import { FormBuilder } from '../components/form-builder';
import { RequestSigningForm } from '../components/request-signing-form';

/** The documents the caller asked others to sign. */
function RequestedDocuments() {
  const docs = useQuery(requestedDocumentsQueryOptions());
  if (docs.isPending) {
    return (
      <Stack align="center" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Loading the documents you asked for...</Text>
      </Stack>
    );
  }
  if (docs.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The documents you asked for could not be loaded.
      </Alert>
    );
  }
  if (docs.data.length === 0) return <Text c="dimmed">You have not asked anyone to sign yet.</Text>;
  return <DocumentList documents={docs.data} view="requested" />;
}

/** A part of the page, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * /document-builder (department managers, spec part 1 §6): DocuSeal's form builder when DocuSeal is
 * configured, the form that asks a booking's freelancers to sign, and what the manager asked for.
 */
export function Component() {
  const user = useCurrentUser();
  const [docuSeal, setDocuSeal] = useState(false);
  const [savedTemplate, setSavedTemplate] = useState<number | null>(null);
  if (!isDepartmentManager(user)) return <Navigate to={paths.bookings} replace />;
  return (
    <Stack gap="lg">
      <PageHeader title="Document Builder" />
      <Section id="builder-heading" title="Form builder">
        <FormBuilder onReady={setDocuSeal} onSave={setSavedTemplate} />
        {savedTemplate && (
          <Text size="sm" mt="xs" role="status">
            Saved as DocuSeal template {savedTemplate}: it is chosen below.
          </Text>
        )}
      </Section>
      <Section id="request-heading" title="Ask freelancers to sign">
        <Card withBorder padding="md">
          <RequestSigningForm docuSeal={docuSeal} savedTemplateId={savedTemplate} />
        </Card>
      </Section>
      <Section id="requested-heading" title="Documents you asked for">
        <RequestedDocuments />
      </Section>
    </Stack>
  );
}
