import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockApi, recordJson, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { PasskeysSection } from './passkeys-section';

const appInfo = (passkeys: boolean) => () =>
  jsonResponse({ environment: '', providers: [], productName: 'Hive', passkeys });

const phone = {
  id: 7,
  name: 'Phone',
  createdAt: '2026-11-01T09:00:00Z',
  lastUsedAt: null,
};

function renderSection(user = makeUser()) {
  return renderWithProviders(
    <ModalsProvider>
      <PasskeysSection />
    </ModalsProvider>,
    { user },
  );
}

describe('PasskeysSection', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: { create: vi.fn(), get: vi.fn() },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the passkeys with when they were used', async () => {
    mockApi({
      'GET /api/v1/app-info': appInfo(true),
      'GET /api/v1/account/passkeys': () =>
        jsonResponse([
          phone,
          { ...phone, id: 8, name: 'Laptop', lastUsedAt: '2026-11-02T10:00:00Z' },
        ]),
    });
    renderSection();
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    const item = await within(section).findByRole('listitem', { name: 'Phone' });
    expect(within(item).getByText(/Not used yet/)).toBeInTheDocument();
    expect(within(section).getByRole('listitem', { name: 'Laptop' })).toHaveTextContent(
      'Last used',
    );
    expect(within(section).getByRole('button', { name: 'Add passkey' })).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    mockApi({
      'GET /api/v1/app-info': appInfo(true),
      'GET /api/v1/account/passkeys': () => jsonResponse([]),
    });
    renderSection();
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
  });

  it('shows the server reason when the list fails, with Retry', async () => {
    mockApi({
      'GET /api/v1/app-info': appInfo(true),
      'GET /api/v1/account/passkeys': () => errorResponse(500, 'Database unavailable', 'S-500'),
    });
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offers nothing where passkeys cannot work', async () => {
    mockApi({ 'GET /api/v1/app-info': appInfo(false) });
    renderSection();
    expect(await screen.findByText(/Passkeys cannot be used here/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add passkey' })).not.toBeInTheDocument();
  });

  it('shows an impersonating administrator no buttons', async () => {
    mockApi({
      'GET /api/v1/app-info': appInfo(true),
      'GET /api/v1/account/passkeys': () => jsonResponse([phone]),
    });
    renderSection(makeUser({ impersonator: { id: 1, fullName: 'Admin' } }));
    await screen.findByRole('listitem', { name: 'Phone' });
    expect(
      screen.queryByRole('button', { name: /Add passkey|Rename|Remove/ }),
    ).not.toBeInTheDocument();
  });

  it('renames, and keeps the server refusal in the dialog', async () => {
    const rename = recordJson(() => errorResponse(404, 'Passkey not found', 'N-404'));
    mockApi({
      'GET /api/v1/app-info': appInfo(true),
      'GET /api/v1/account/passkeys': () => jsonResponse([phone]),
      'PATCH /api/v1/account/passkeys/7': rename.handler,
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByLabelText(/Passkey name/);
    await user.clear(name);
    await user.type(name, ' Work phone ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rename.body()).toEqual({ name: 'Work phone' }));
    expect(await within(dialog).findByText('Passkey not found')).toBeInTheDocument();
  });

  it('removes after a confirmation', async () => {
    let removed = false;
    mockApi({
      'GET /api/v1/app-info': appInfo(true),
      'GET /api/v1/account/passkeys': () => jsonResponse(removed ? [] : [phone]),
      'DELETE /api/v1/account/passkeys/7': () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(
      await screen.findByText('The passkey Phone no longer signs you in.'),
    ).toBeInTheDocument();
  });
});
