// Onboarding progress on the home screen: a freelancer invited by a client signs up,
// sees the account-setup card at 80% and the legal entity card (no 'Create LE' without managing
// an entity); once they manage an entity that has a legal entity, the home screen completes
// their onboarding.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiCall,
  checkA11y,
  login,
  useHive,
  waitForMail,
  waitForState,
  withPage,
} from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

/** A call on the API with the page's session and CSRF token. */
async function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { token } = await (await fetch('/api/v1/account/token')).json();
      const res = await fetch(`/api/v1${path}`, {
        method,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

describe('onboarding on the home screen', () => {
  test('an invited freelancer sees their progress and is completed once their entity has a legal entity', async () => {
    const email = 'onboarding.freelancer@example.com';
    let link;
    let entityId;
    await withPage(browser, 'invite-for-onboarding', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$/);
      const entities = await api(page, 'GET', '/entity?name=Northbridge&pageSize=5');
      entityId = entities.body.items.find((e) => e.name === 'Northbridge Broadcasting').id;
      const since = hive.logs.length;
      const sent = await api(page, 'POST', '/invitation', {
        entityId,
        email,
        purpose: 'freelancer',
      });
      assert.ok(sent.status < 300, JSON.stringify(sent));
      link = (await waitForMail(hive, email, since)).match(
        /https?:\/\/\S+\/sign-up\?invitation=\S+/,
      )?.[0];
      assert.ok(link);
    });

    let userId;
    await withPage(browser, 'onboarding-home', async (page) => {
      await page.goto(link);
      const form = page.getByRole('main');
      await form.getByLabel('First name').fill('Olly');
      await form.getByLabel('Last name').fill('Boarding');
      await form.getByLabel(/^Password/).fill('Olly-onboards-1');
      await form.getByLabel('I agree to the terms and conditions').check();
      await form.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/bookings$/);

      await page.goto(`${hive.url}/`);
      const main = page.getByRole('main');
      const setup = main.getByRole('region', { name: 'Finish setting up your account' });
      await setup.getByText('80%').waitFor();
      const legal = main.getByRole('region', { name: 'Add your legal entity' });
      await legal.waitFor();
      assert.equal(await legal.getByRole('link', { name: 'Create LE' }).count(), 0);
      // checkA11y waits for the cards' transitions to end before it looks.
      await checkA11y(page, 'home with the onboarding cards');
      userId = (await api(page, 'GET', '/account/whoami')).body.id;
    });

    await withPage(browser, 'manager-grants-manage', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$/);
      const refs = await api(page, 'GET', `/associations/user-entity-refs/by-user-id/${userId}`);
      const list = Array.isArray(refs.body) ? refs.body : refs.body.items;
      const ref = list.find((r) => r.entityId === entityId);
      const patched = await api(page, 'PATCH', `/associations/user-entity-refs/${ref.id}`, {
        version: ref.version,
        canManage: true,
        canSelect: true,
      });
      assert.equal(patched.status, 200, JSON.stringify(patched));
    });

    await withPage(browser, 'onboarding-complete', async (page) => {
      await login(page, hive, email, 'Olly-onboards-1');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Welcome, Olly' }).waitFor();
      await main
        .getByRole('region', { name: 'Invitations' })
        .getByText('You have no pending invitations.')
        .waitFor();
      await waitForState(
        async () =>
          (await apiCall(hive, page, 'GET', '/account/whoami')).onboardingState === 'complete',
        { what: 'onboarding to be complete' },
      );
      assert.equal(
        await main.getByRole('region', { name: 'Finish setting up your account' }).count(),
        0,
      );
      await checkA11y(page, 'home after onboarding');
    });
  });
});
