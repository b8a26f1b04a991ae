import { screen, waitFor, within } from '@testing-library/react';
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
  done: string[] = [],
) => ({
  onboardingState,
  progress,
  showSetupCard: true,
  managedEntityId,
  steps: ['personal_details', 'entity', 'legal_entity'].map((key) => ({
    key,
    done: done.includes(key),
  })),
});

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

  it('lists each step, ticks the done ones and links the others to where they are done', async () => {
    setup(
      freelancer('freelancer_started', ['create_entity:supplier']),
      settingUp('freelancer_started', 20),
    );
    const list = await screen.findByRole('list', { name: 'Steps to finish' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Add your phone number and location to your profile — Open your profile',
      'Belong to an entity: your own supplier entity, or one that invites you — Create your entity',
      "Add your entity's legal entity (company or sole trader details) — A manager of your entity adds it.",
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Open your profile' })).toHaveAttribute(
      'href',
      '/users/1/edit',
    );
    expect(within(items[1]!).getByRole('link', { name: 'Create your entity' })).toHaveAttribute(
      'href',
      '/entities/create',
    );
  });

  it('ticks the steps the account already holds', async () => {
    setup(
      freelancer('freelancer_needs_legal_entity', ['manage_entity:12']),
      settingUp('freelancer_needs_legal_entity', 80, 12, ['personal_details', 'entity']),
    );
    const list = await screen.findByRole('list', { name: 'Steps to finish' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!).toHaveTextContent('(done)');
    expect(items[1]!).toHaveTextContent('(done)');
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[2]!).getByRole('link', { name: 'Add the legal entity' })).toHaveAttribute(
      'href',
      '/legal-entities/create?entityId=12',
    );
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
