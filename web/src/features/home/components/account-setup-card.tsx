import { Anchor, Button, Card, List, Progress, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { components } from '@/api/schema';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { canCreateEntity } from '@/lib/permissions';

type OnboardingView = components['schemas']['OnboardingView'];
type StepKey = components['schemas']['OnboardingStep']['key'];

/** A step of the checklist: what it asks, and where it is done (a link, or who does it). */
interface StepText {
  label: string;
  action: ReactNode;
}

/** The checklist's wording and links per step; which steps are done is the server's. */
function useStepTexts(managedEntityId: number | null): Record<StepKey, StepText> {
  const user = useCurrentUser();
  const link = (to: string, text: string) => (
    <Anchor component={Link} to={to} size="sm">
      {text}
    </Anchor>
  );
  return {
    personal_details: {
      label: 'Add your phone number and location to your profile',
      action: link(paths.editUser(user.id), 'Open your profile'),
    },
    entity: {
      label: 'Belong to an entity: your own supplier entity, or one that invites you',
      action: canCreateEntity(user, 'supplier') ? (
        link(paths.createEntity, 'Create your entity')
      ) : (
        <Text span size="sm">
          Accept an invitation below.
        </Text>
      ),
    },
    legal_entity: {
      label: "Add your entity's legal entity (company or sole trader details)",
      action: managedEntityId ? (
        link(`${paths.createLegalEntity}?entityId=${managedEntityId}`, 'Add the legal entity')
      ) : (
        <Text span size="sm">
          A manager of your entity adds it.
        </Text>
      ),
    },
  };
}

/**
 * Shown while the user's onboarding is not finished: the progress the server computes
 * (freelancer_started 20, freelancer_needs_entity 40, freelancer_needs_legal_entity 80) and its
 * checklist of steps from the same rule, each ticked when done or linked to where it is done.
 */
export function AccountSetupCard({ onboarding }: { onboarding: OnboardingView }) {
  const texts = useStepTexts(onboarding.managedEntityId);
  const steps = onboarding.steps ?? [];
  return (
    <Card withBorder component="section" aria-labelledby="account-setup-title">
      <Text fw={600} id="account-setup-title">
        Finish setting up your account
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        A few details are still missing from your account.
      </Text>
      <Progress value={onboarding.progress} aria-label="Account setup progress" />
      <Text size="sm" mt={4}>
        {onboarding.progress}%
      </Text>
      {steps.length > 0 && (
        <List spacing="xs" mt="sm" size="sm" center aria-label="Steps to finish">
          {steps.map((step) => (
            <List.Item
              key={step.key}
              data-done={step.done}
              icon={
                <ThemeIcon
                  size={20}
                  radius="xl"
                  color={step.done ? 'teal.8' : 'gray.6'}
                  variant={step.done ? 'filled' : 'light'}
                  aria-hidden
                >
                  {step.done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                </ThemeIcon>
              }
            >
              <Text span size="sm">
                {texts[step.key].label}
              </Text>
              {step.done ? (
                <Text span size="sm" c="teal.9">
                  {' '}
                  (done)
                </Text>
              ) : (
                <> — {texts[step.key].action}</>
              )}
            </List.Item>
          ))}
        </List>
      )}
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
