import type { CurrentUser } from '@/api/types';

export type AccountStatus = CurrentUser['accountStatus'];

/** How each account status is shown. Colours are chosen for WCAG AA contrast in the light variant. */
export const accountStatusDisplay: Record<AccountStatus, { label: string; color: string }> = {
  unknown: { label: 'Unknown', color: 'gray' },
  active: { label: 'Active', color: 'blue' },
  inactive: { label: 'Inactive', color: 'gray' },
  reset_required: { label: 'Password Reset Required', color: 'red' },
  system: { label: 'System', color: 'dark' },
  require_email_change: { label: 'Change Email', color: 'violet' },
};

/** Onboarding states for which the home page shows no account-setup card. */
export const SETUP_DONE_STATES: readonly CurrentUser['onboardingState'][] = [
  'complete',
  'not_applicable',
  'staff',
];
