import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { HomeRoute } from './home';
import { accountKeys } from '@/lib/query-keys';

function setup(user: CurrentUser, onboarding: Record<string, unknown>) {
  const fetch = mockApi({
    'GET /api/v1/invitation/by-user/1': () => jsonResponse({ items: [], total: 0 }),
    'GET /api/v1/account/onboarding': () => jsonResponse(onboarding),
  });
  const view = renderRoutes([{ path: '/', element: <HomeRoute /> }], { user });
  view.queryClient.setQueryData(accountKeys.whoami(), user);
  return { ...view, fetch };
}

const freelancer = (state: CurrentUser['onboardingState'], needs: string[] = []) =>
  makeUser({ isFreelancer: true, roleLabel: 'Freelancer', onboardingState: state, needs });

/** The server's answer for a freelancer still setting up, at a progress in percent. */
const settingUp = (
  onboardingState: string,
  progress: number,
  managedEntityId: number | null = null,
) => ({ onboardingState, progress, showSetupCard: true, managedEntityId });

describe('home onboarding cards', () => {
  it('shows the progress the server computes', async () => {
    setup(freelancer('freelancer_needs_entity'), settingUp('freelancer_needs_entity', 40));
    expect(
      await screen.findByRole('progressbar', { name: 'Account setup progress' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add your legal entity' })).not.toBeInTheDocument();
  });

  it("offers 'Create LE' for the first managed entity when a legal entity is missing", async () => {
    setup(
      freelancer('freelancer_needs_legal_entity', ['manage_entity:12']),
      settingUp('freelancer_needs_legal_entity', 80, 12),
    );
    expect(await screen.findByRole('link', { name: 'Create LE' })).toHaveAttribute(
      'href',
      '/legal-entities/create?entityId=12',
    );
    expect(screen.getByText('80%')).toBeInTheDocument();
  });

  it("has no 'Create LE' for a user who manages no entity", async () => {
    setup(
      freelancer('freelancer_needs_legal_entity'),
      settingUp('freelancer_needs_legal_entity', 80),
    );
    expect(
      await screen.findByRole('region', { name: 'Add your legal entity' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create LE' })).not.toBeInTheDocument();
  });

  it('refreshes whoami when the server completed onboarding, and shows no card', async () => {
    const { queryClient } = setup(
      freelancer('freelancer_needs_legal_entity', ['manage_entity:12']),
      {
        onboardingState: 'complete',
        progress: 100,
        showSetupCard: false,
        managedEntityId: 12,
      },
    );
    await waitFor(() =>
      expect(queryClient.getQueryState(accountKeys.whoami())?.isInvalidated).toBe(true),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('does not ask for onboarding once set up', async () => {
    const { fetch } = setup(makeUser(), {});
    await screen.findByText('You have no pending invitations.');
    expect(fetch.mock.calls.map(([r]) => (r as Request).url)).not.toContainEqual(
      expect.stringContaining('/account/onboarding'),
    );
  });
});
