import { Button, Card, Progress, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * Shown while the user's onboarding is not finished, with the progress the server computes
 * (freelancer_started 20, freelancer_needs_entity 40, freelancer_needs_legal_entity 80).
 */
export function AccountSetupCard({ progress }: { progress: number }) {
  return (
    <Card withBorder component="section" aria-labelledby="account-setup-title">
      <Text fw={600} id="account-setup-title">
        Finish setting up your account
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        A few details are still missing from your account.
      </Text>
      <Progress value={progress} aria-label="Account setup progress" />
      <Text size="sm" mt={4}>
        {progress}%
      </Text>
    </Card>
  );
}

/**
 * State freelancer_needs_legal_entity: the last step is a legal entity. 'Create LE' shows only
 * to users who manage a linked entity, and opens the form linked to the first one.
 */
export function LegalEntitySetupCard({ managedEntityId }: { managedEntityId?: number | null }) {
  return (
    <Card withBorder component="section" aria-labelledby="legal-entity-setup-title">
      <Text fw={600} id="legal-entity-setup-title">
        Add your legal entity
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        To be booked and paid you need a legal entity (your company or sole trader details).
      </Text>
      {managedEntityId ? (
        <Button
          component={Link}
          to={`${paths.createLegalEntity}?entityId=${managedEntityId}`}
          w="fit-content"
        >
          Create LE
        </Button>
      ) : (
        <Text size="sm">Ask a manager of your entity to add the legal entity.</Text>
      )}
    </Card>
  );
}
