import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys } from '@/lib/query-keys';

export const getOnboarding = () => unwrap(api.GET('/account/onboarding'));

/**
 * The signed-in user's onboarding progress. Reading it also completes a freelancer whose
 * legal entity now exists (the server's lazy transition), so the home page calls it.
 */
export const onboardingQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.onboarding(), queryFn: getOnboarding });
