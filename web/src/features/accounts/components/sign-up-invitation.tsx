import { Alert, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { invitationByTokenQueryOptions } from '../api/get-invitation-by-token';

export interface SignUpInvitationState {
  token: string | null;
  loading: boolean;
  /** The token names a pending invitation. */
  valid: boolean;
  email: string | null;
  entityName: string | null;
  purpose: 'freelancer' | 'staff' | 'other' | null;
}

/** The invitation of a sign-up link (?invitation=<token>), looked up once. */
export function useSignUpInvitation(params: URLSearchParams): SignUpInvitationState {
  const token = params.get('invitation') || params.get('token') || null;
  const query = useQuery({
    ...invitationByTokenQueryOptions(token ?? ''),
    enabled: !!token,
  });
  const inv = query.data;
  return {
    token,
    loading: !!token && query.isPending,
    valid: !!inv,
    email: inv?.email ?? null,
    entityName: inv?.entityName || null,
    purpose: inv?.purpose ?? null,
  };
}

/** Says who invited the person, or that the link no longer works. */
export function InvitationBanner({ state }: { state: SignUpInvitationState }) {
  if (!state.token) return null;
  if (state.loading) return <Loader size="sm" aria-label="Checking your invitation" />;
  if (!state.valid) {
    return (
      <Alert color="red" title="Invitation not valid">
        <Text size="sm">
          This invitation link is not valid: it may have expired or been used already. Ask for a new
          invitation.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="blue" title="You have been invited">
      <Text size="sm">You have been invited by {state.entityName ?? 'an organisation'}.</Text>
    </Alert>
  );
}
