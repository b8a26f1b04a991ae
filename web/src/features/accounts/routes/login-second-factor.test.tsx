import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountKeys } from '@/lib/query-keys';
import { jsonResponse, makeUser, mockApi, recordJson, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { LoginSecondFactorRoute } from './login-second-factor';

const routes = [
  { path: '/login/second-factor', element: <LoginSecondFactorRoute /> },
  { path: '/login', element: <p>login screen</p> },
  { path: '/bookings', element: <p>bookings screen</p> },
];

async function enter(code: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
}

describe('LoginSecondFactorRoute', () => {
  it('a right code stores the user and goes to bookings', async () => {
    mockApi({
      'POST /api/v1/account/login/second-factor': () =>
        jsonResponse({ user: makeUser({ firstName: 'Grace' }) }),
    });
    const { queryClient } = renderRoutes(routes, { path: '/login/second-factor' });
    await enter('123456');
    expect(await screen.findByText('bookings screen')).toBeInTheDocument();
    expect(queryClient.getQueryData(accountKeys.whoami())).toMatchObject({ firstName: 'Grace' });
  });

  it("a wrong code shows the server's message on the field", async () => {
    mockApi({
      'POST /api/v1/account/login/second-factor': () =>
        jsonResponse(
          {
            error: 'validation failed',
            errorCode: 'V-422',
            detail: [
              { loc: ['body', 'code'], msg: 'That code is not valid.', type: 'value_error' },
            ],
          },
          422,
        ),
    });
    renderRoutes(routes, { path: '/login/second-factor' });
    await enter('000000');
    expect(await screen.findByText('Error: That code is not valid.')).toBeInTheDocument();
  });

  it('an expired sign-in goes back to the login screen', async () => {
    mockApi({
      'POST /api/v1/account/login/second-factor': () =>
        errorResponse(401, 'This sign-in has expired. Log in again.', 'A-105'),
    });
    renderRoutes(routes, { path: '/login/second-factor' });
    await enter('123456');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });
});

const appInfo = (passkeys: boolean) => () =>
  jsonResponse({ environment: '', providers: [], productName: 'Hive', passkeys });

const begun = () =>
  jsonResponse({
    ceremony: 'c1',
    publicKey: {
      challenge: 'AQ',
      rpId: 'hive.test',
      allowCredentials: [{ type: 'public-key', id: 'Bg' }],
    },
  });

const bytes = (...b: number[]) => new Uint8Array(b).buffer;

/** What the browser's prompt answers: a passkey's assertion. */
const assertion = {
  id: 'Bg',
  rawId: bytes(6),
  type: 'public-key',
  response: { clientDataJSON: bytes(1), authenticatorData: bytes(2), signature: bytes(3) },
};

describe('LoginSecondFactorRoute with a passkey', () => {
  let get: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    get = vi.fn(() => Promise.resolve(assertion));
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: { create: vi.fn(), get },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const passkeyOnly = { path: '/login/second-factor', state: { methods: ['passkey'] } };

  it('completes the sign-in with the passkey the browser gives', async () => {
    const finish = recordJson(() => jsonResponse({ user: makeUser({ firstName: 'Grace' }) }));
    mockApi({
      'GET /api/v1/app-info': appInfo(true),
      'POST /api/v1/account/login/second-factor/passkey/begin': begun,
      'POST /api/v1/account/login/second-factor/passkey/finish': finish.handler,
    });
    const { queryClient } = renderRoutes(routes, passkeyOnly);
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('bookings screen')).toBeInTheDocument();
    expect(get).toHaveBeenCalledOnce();
    expect(finish.body()).toMatchObject({ ceremony: 'c1', credential: { id: 'Bg', rawId: 'Bg' } });
    expect(queryClient.getQueryData(accountKeys.whoami())).toMatchObject({ firstName: 'Grace' });
  });

  it("shows the server's reason when the passkey is refused, and stays", async () => {
    mockApi({
      'GET /api/v1/app-info': appInfo(true),
      'POST /api/v1/account/login/second-factor/passkey/begin': begun,
      'POST /api/v1/account/login/second-factor/passkey/finish': () =>
        errorResponse(401, 'This passkey was not accepted.', 'A-101'),
    });
    renderRoutes(routes, passkeyOnly);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('This passkey was not accepted.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
  });

  it('an expired sign-in goes back to the login screen', async () => {
    mockApi({
      'GET /api/v1/app-info': appInfo(true),
      'POST /api/v1/account/login/second-factor/passkey/begin': () =>
        errorResponse(401, 'This sign-in has expired. Log in again.', 'A-105'),
    });
    renderRoutes(routes, passkeyOnly);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('offers no passkey to an account without one', async () => {
    mockApi({ 'GET /api/v1/app-info': appInfo(true) });
    renderRoutes(routes, {
      path: '/login/second-factor',
      state: { methods: ['totp', 'recovery'] },
    });
    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });

  it('offers no passkey where passkeys cannot work', async () => {
    const info = vi.fn(appInfo(false));
    mockApi({ 'GET /api/v1/app-info': info });
    renderRoutes(routes, passkeyOnly);
    await waitFor(() => expect(info).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument(),
    );
  });
});
