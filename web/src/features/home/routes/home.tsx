import { Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SETUP_DONE_STATES } from '@/lib/account-status';
import { useCurrentUser } from '@/lib/current-user';
import { isFreelancer } from '@/lib/permissions';
import { onboardingQueryOptions } from '../api/get-onboarding';
import { AccountSetupCard, LegalEntitySetupCard } from '../components/account-setup-card';
import { OffersToAnswer } from '../components/offers-to-answer';
import { PendingInvitations } from '../components/pending-invitations';
import { TimesheetsWaiting } from '../components/timesheets-waiting';
import { accountKeys } from '@/lib/query-keys';

export function HomeRoute() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const needsSetup = !SETUP_DONE_STATES.includes(user.onboardingState);
  const onboarding = useQuery({ ...onboardingQueryOptions(), enabled: needsSetup });
  const state = onboarding.data?.onboardingState;
  // Offers go to freelancers; anyone else only if the server counts some for them.
  const getsOffers = isFreelancer(user) || user.offersAwaitingAnswer > 0;

  // The server may have completed onboarding while answering: refresh whoami (state, badge).
  useEffect(() => {
    if (state && state !== user.onboardingState) {
      void queryClient.invalidateQueries({ queryKey: accountKeys.whoami() });
    }
  }, [state, user.onboardingState, queryClient]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Welcome, {user.firstName || user.fullName}
      </Title>
      {onboarding.data?.showSetupCard && <AccountSetupCard onboarding={onboarding.data} />}
      {state === 'freelancer_needs_legal_entity' && (
        <LegalEntitySetupCard managedEntityId={onboarding.data?.managedEntityId} />
      )}
      {getsOffers && <OffersToAnswer />}
      {(user.timesheetActions ?? 0) > 0 && <TimesheetsWaiting count={user.timesheetActions} />}
      <PendingInvitations userId={user.id} />
    </Stack>
  );
}

export { HomeRoute as Component };
