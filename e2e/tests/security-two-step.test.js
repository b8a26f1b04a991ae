// Two-step sign-in, in Debian's Chromium against a real hive that requires it of administrators
// (as production does): the administrator is sent to enrol before anything else, enrols an
// authenticator app (the journey computes its codes from the key shown, e2e/lib/totp.js), signs
// out, and signs in again with the password and a code.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { advanceClock, apiCall, checkA11y, login, useHive, withPage } from '../harness.js';
import { totp } from '../lib/totp.js';

let hive;
let browser;

useHive(
  (started, launched) => {
    hive = started;
    browser = launched;
  },
  { testClock: true, adminSecondFactor: true },
);

describe('two-step sign-in', () => {
  test('an administrator enrols first, then signs in with the password and a code', async () => {
    await withPage(browser, 'two-step-admin', async (page) => {
      await login(page, hive, 'admin@hive.test');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
      // The server holds the administrator here too, whatever the screen shows.
      await assert.rejects(apiCall(hive, page, 'GET', '/entity'), /403/);
      await checkA11y(page, 'two-step sign-in required');

      await main.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await main.getByRole('img', { name: 'QR code of your two-step sign-in secret' }).waitFor();
      const secret = (await main.getByTestId('totp-secret').textContent()).trim();
      assert.match(secret, /^[A-Z2-7]{32}$/);
      await checkA11y(page, 'two-step sign-in enrolment');

      // The code of the server's time: its clock is the one that checks.
      const enrolledAt = await advanceClock(hive, '1s');
      await main.getByLabel('Code').fill(totp(secret, enrolledAt));
      await main.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      const codes = main.getByRole('list', { name: 'Recovery codes' });
      await codes.waitFor();
      assert.equal(await codes.getByRole('listitem').count(), 10);
      await checkA11y(page, 'two-step sign-in recovery codes');
      await main.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await main
        .getByRole('heading', { name: 'Set up two-step sign-in' })
        .waitFor({ state: 'detached' });
      const me = await apiCall(hive, page, 'GET', '/account/whoami');
      assert.equal(me.hasSecondFactor, true);
      assert.equal(me.mustEnrolSecondFactor, false);
      await apiCall(hive, page, 'GET', '/entity');

      await page.goto(`${hive.url}/logout`);
      await page.waitForURL(/\/login$/);

      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/login\/second-factor$/);
      const step = page.getByRole('main');
      await step.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
      await checkA11y(page, 'two-step sign-in code');
      // The next time step: the code that turned it on cannot be used again.
      const signInAt = await advanceClock(hive, '31s');
      await step.getByLabel('Code').fill(totp(secret, signInAt));
      await step.getByRole('button', { name: 'Verify and log in' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const again = await apiCall(hive, page, 'GET', '/account/whoami');
      assert.equal(again.email, 'admin@hive.test');
    });
  });
});
