import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { whoamiQueryOptions } from '@/lib/session';
import { jsonResponse, makeUser, mockApi, renderRoutes, testQueryClient } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { LoginRoute } from './login';
import { accountKeys } from '@/lib/query-keys';

const appInfo = (providers: string[]) => () =>
  jsonResponse({ environment: 'DEV', providers, productName: 'Hive' });

const routes = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/bookings', element: <p>bookings screen</p> },
  { path: '/please-activate-account', element: <p>activate notice</p> },
  { path: '/account-requires-reset', element: <p>reset notice</p> },
  { path: '/login/second-factor', element: <p>second step</p> },
];

const visitor = () => errorResponse(401, 'Not authenticated', 'A-100');

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

function loginAnswers(answer: Response) {
  return mockApi({
    'GET /api/v1/app-info': appInfo([]),
    'GET /api/v1/account/whoami': visitor,
    'POST /api/v1/account/login': () => answer,
  });
}

describe('LoginRoute', () => {
  it('shows the title and sub-heading', async () => {
    loginAnswers(jsonResponse({ user: makeUser() }));
    renderRoutes(routes, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Hive 2' })).toBeInTheDocument();
    expect(screen.getByText('Enter your credentials to log in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /forgot your password/i })).toHaveAttribute(
      'href',
      '/request-password-reset',
    );
  });

  it('stores the user, greets and goes to bookings', async () => {
    loginAnswers(jsonResponse({ user: makeUser({ firstName: 'Grace' }) }));
    const { queryClient } = renderRoutes(routes, { path: '/login' });
    await submit('grace@example.com', 'password123');
    expect(await screen.findByText('bookings screen')).toBeInTheDocument();
    expect(await screen.findByText('Login successful. Hello, Grace!')).toBeInTheDocument();
    expect(queryClient.getQueryData(accountKeys.whoami())).toMatchObject({ firstName: 'Grace' });
  });

  it('a second factor asked for goes to the second step, storing no user', async () => {
    loginAnswers(jsonResponse({ secondFactor: { required: true, methods: ['totp', 'recovery'] } }));
    const { queryClient } = renderRoutes(routes, { path: '/login' });
    await submit('ada@example.com', 'password123');
    expect(await screen.findByText('second step')).toBeInTheDocument();
    expect(queryClient.getQueryData(accountKeys.whoami())).toBeUndefined();
  });

  it('A-104 goes to please-activate-account', async () => {
    loginAnswers(errorResponse(403, 'not activated', 'A-104'));
    renderRoutes(routes, { path: '/login' });
    await submit('new@example.com', 'password123');
    expect(await screen.findByText('activate notice')).toBeInTheDocument();
  });

  it('A-103 goes to account-requires-reset with the email', async () => {
    loginAnswers(errorResponse(403, 'reset needed', 'A-103'));
    const { router } = renderRoutes(routes, { path: '/login' });
    await submit('old@example.com', 'password123');
    expect(await screen.findByText('reset notice')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ email: 'old@example.com' });
  });

  it('401 shows the authentication toast and a message in the form that stays', async () => {
    loginAnswers(errorResponse(401, 'Invalid credentials', 'A-101'));
    renderRoutes(routes, { path: '/login' });
    await submit('ada@example.com', 'wrongpassword');
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(
      screen.getByText('Invalid credentials. Please check your username and password.'),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Log in' });
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The email address or password is not correct. Check both and try again.',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('puts the focus in the email field on load', async () => {
    loginAnswers(jsonResponse({ user: makeUser() }));
    renderRoutes(routes, { path: '/login' });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it("asks who is signed in once when the app's first read was refused a moment ago", async () => {
    let asked = 0;
    mockApi({
      'GET /api/v1/app-info': appInfo([]),
      'GET /api/v1/account/whoami': () => {
        asked++;
        return visitor();
      },
    });
    // What the app's first reads do as it starts (app/first-reads.ts).
    const queryClient = testQueryClient();
    await queryClient.prefetchQuery({ ...whoamiQueryOptions(), retry: false });
    expect(asked).toBe(1);
    renderRoutes(routes, { path: '/login', queryClient });
    expect(await screen.findByRole('heading', { name: 'Hive 2' })).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('sends someone still signed in on to bookings', async () => {
    mockApi({
      'GET /api/v1/app-info': appInfo([]),
      'GET /api/v1/account/whoami': () => jsonResponse(makeUser()),
    });
    renderRoutes(routes, { path: '/login' });
    expect(await screen.findByText('bookings screen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('other errors show Login Failed with the message', async () => {
    loginAnswers(errorResponse(500, 'database unavailable', 'S-500'));
    renderRoutes(routes, { path: '/login' });
    await submit('ada@example.com', 'password123');
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(
      within(screen.getByRole('form', { name: 'Log in' })).getByRole('alert'),
    ).toHaveTextContent('database unavailable');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('Google without a configured provider shows the OAuth error toast', async () => {
    loginAnswers(jsonResponse({ user: makeUser() }));
    renderRoutes(routes, { path: '/login' });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(
      await screen.findByText('Failed to initiate login with the provider. Please try again.'),
    ).toBeInTheDocument();
  });
});
