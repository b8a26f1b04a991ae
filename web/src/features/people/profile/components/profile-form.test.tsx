import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { salford } from '@/test/places.test-data';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { fieldRefusal } from '@/test/server-errors';
import type { Profile } from '../api/get-profile';
import { firstTimezoneOf } from '@/lib/countries';
import { freelancerProfile } from '../fixtures.test-data';
import { ProfileForm } from './profile-form';

const profile = freelancerProfile({
  email: 'fay@hive.test',
  firstName: 'Fay',
  lastName: 'Lancer',
  fullName: 'Fay Lancer',
  label: 'Freelancer',
  accountStatus: 'active',
  canAdmin: false,
  canCreateSupplierEntity: false,
  canCreateAgencyEntity: false,
  canCreateClientEntity: false,
  showreel: '[bad](javascript:alert(1))',
  defaultPermissions: '',
  skills: [
    { skill_id: 1, skill_name: 'Steadicam' },
    { skill_id: 2, skill_name: 'Drone' },
  ],
  version: 3,
}) as unknown as Profile;

function setup(
  onSubmit = vi.fn().mockResolvedValue(undefined),
  canEdit = true,
  admin = false,
  shown: Profile = profile,
) {
  mockApi({
    'GET /api/v1/account/skill-tags': () =>
      jsonResponse([
        { id: 1, name: 'Steadicam' },
        { id: 2, name: 'Drone' },
      ]),
    'GET /api/v1/account/job-title-tags': () => jsonResponse([]),
    'GET /api/v1/locations': () => jsonResponse({ results: [salford] }),
  });
  renderWithProviders(
    <ProfileForm profile={shown} canEdit={canEdit} admin={admin} onSubmit={onSubmit} />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('ProfileForm', () => {
  it('offers Set Password to administrators in the Administration section', async () => {
    setup(undefined, true, true);
    expect(screen.getByRole('group', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Password' })).toBeInTheDocument();
  });

  it('shows no Set Password to a non-administrator', () => {
    setup(undefined, true, false);
    expect(screen.queryByRole('button', { name: 'Set Password' })).not.toBeInTheDocument();
  });

  it('offers no Set Password on a system account', () => {
    setup(undefined, true, true, { ...profile, accountStatus: 'system' } as Profile);
    expect(screen.queryByRole('button', { name: 'Set Password' })).not.toBeInTheDocument();
  });

  it('shows the hourly rate as day rate / 8 and validates the amount', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText(/Desired day rate/), '350');
    expect(screen.getByText('Hourly rate: 43.75 GBP')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Desired day rate/), '.123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid amount')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('validates URLs', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('LinkedIn'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid URL')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the version, the rate forced to day and removed skills as deleted_skills', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText(/^Email/), ' ');
    await user.type(screen.getByLabelText(/Desired day rate/), '100.5');
    const remove = await screen.findAllByRole('button', { hidden: true });
    const steadicam = remove.find((b) =>
      b.closest('.mantine-Pill-root')?.textContent?.includes('Steadicam'),
    );
    expect(steadicam).toBeDefined();
    await user.click(steadicam!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const body = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(body).toMatchObject({
      version: 3,
      email: 'fay@hive.test',
      dayRate: { currency: 'GBP', period: 'day', rate: '100.5' },
      skills: [],
      deleted_skills: [1],
    });
    expect(body.accountStatus).toBeUndefined();
  });

  it('stores a place chosen in Location with its coordinates', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByRole('combobox', { name: /^Location/ }), 'salf');
    await user.click(
      await screen.findByRole('option', { name: 'Salford, England, United Kingdom' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((onSubmit.mock.calls[0]![0] as Record<string, unknown>).location).toEqual({
      location_name: 'Salford, England, United Kingdom',
      latitude: 53.48771,
      longitude: -2.29042,
    });
  });

  it('clearing Location clears the name and the coordinates', async () => {
    const { user, onSubmit } = setup(undefined, true, false, {
      ...profile,
      location: {
        location_name: 'Leeds, England, United Kingdom',
        latitude: 53.8,
        longitude: -1.5,
      },
    } as Profile);
    const field = screen.getByRole('combobox', { name: /^Location/ });
    expect(field).toHaveValue('Leeds, England, United Kingdom');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((onSubmit.mock.calls[0]![0] as Record<string, unknown>).location).toEqual({
      location_name: '',
    });
  });

  it('on a refused save, shows the validation toast and focuses the first field in error', async () => {
    // An administrator saving a freelancer with no Preferred Supplier (required).
    const { onSubmit, user } = setup(undefined, true, true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Correct the errors in the form and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Validation Error')).toBeInTheDocument();
    const supplier = screen.getByRole('combobox', { name: /Preferred Supplier/ });
    await waitFor(() => expect(supplier).toHaveFocus());
    expect(supplier).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('maps a server 422 onto the field', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        fieldRefusal('timezone', 'Choose a timezone of the selected country, or UTC.'),
      );
    const { user } = setup(onSubmit);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Error: Choose a timezone of the selected country, or UTC.'),
    ).toBeInTheDocument();
    // The field the server refused is brought into view and focused.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Timezone/ })).toHaveFocus());
  });

  it('renders an unsafe showreel link inert', () => {
    setup();
    const link = screen.getByText('bad');
    expect(link.closest('a')?.hasAttribute('href')).toBe(false);
  });

  it('lists GB first and resets the timezone when the country changes', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('combobox', { name: /^Country/ }));
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('United Kingdom');
    await user.click(screen.getByRole('option', { name: 'France' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Timezone/ })).toHaveValue(
        firstTimezoneOf('FR'),
      ),
    );
  });

  it('is read-only for others', () => {
    setup(undefined, false);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByLabelText(/^Email/)).toBeDisabled();
  });

  it("on one's own profile the address is read-only and changes through 'Change email'", () => {
    mockApi({
      'GET /api/v1/account/skill-tags': () => jsonResponse([]),
      'GET /api/v1/account/job-title-tags': () => jsonResponse([]),
    });
    renderWithProviders(
      <ProfileForm profile={profile} canEdit admin={false} self onSubmit={vi.fn()} />,
    );
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Change email' })).toBeInTheDocument();
  });
});
