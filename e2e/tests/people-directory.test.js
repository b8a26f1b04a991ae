// All Users (issue 5): Freelancer and Staff tabs, filters, admin-only columns, in Chromium.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

describe('All Users', () => {
  test('an admin sees both tabs, filters freelancers by last name, and the Permissions columns', async () => {
    await withPage(browser, 'all-users-admin', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/users`);
      await page.getByRole('row', { name: /staff@hive\.test/ }).waitFor();
      await page.getByRole('columnheader', { name: /Can Administrate Hive/ }).waitFor();
      await page.getByRole('columnheader', { name: /Account Status/ }).waitFor();
      await checkA11y(page, 'all-users-staff');

      await page.getByRole('tab', { name: 'Freelancer' }).click();
      await page.waitForURL(/tab=freelancer/);
      // The demo has some 200 freelancers: Felix Reid is not on the first page until filtered.
      await page.getByRole('row', { name: /hive\.test/ }).first().waitFor();
      const filter = page.getByRole('textbox', { name: /Last Name Filter Input/i });
      await filter.fill('rei');
      await page.getByRole('row', { name: /freelancer@hive\.test/ }).waitFor();
      await page.waitForFunction(() => !document.body.innerText.includes('reset@hive.test'));
      assert.equal(await page.getByRole('row', { name: /@hive\.test/ }).count(), 1);
      await page.getByRole('button', { name: 'Impersonate Felix Reid' }).waitFor();
      await checkA11y(page, 'all-users-freelancer-filtered');
    });
  });

  test('a client manager sees no account status, permissions or impersonation', async () => {
    await withPage(browser, 'all-users-manager', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/users?tab=freelancer`);
      await page.getByRole('row', { name: /hive\.test/ }).first().waitFor();
      await page.getByRole('textbox', { name: /Last Name Filter Input/i }).fill('rei');
      await page.getByRole('row', { name: /freelancer@hive\.test/ }).waitFor();
      assert.equal(await page.getByRole('columnheader', { name: /Account Status/ }).count(), 0);
      assert.equal(await page.getByRole('columnheader', { name: /Can Administrate/ }).count(), 0);
      assert.equal(await page.getByRole('button', { name: /Impersonate/ }).count(), 0);
      await page.getByRole('link', { name: 'Create user' }).waitFor();
      await checkA11y(page, 'all-users-manager');
    });
  });
});
