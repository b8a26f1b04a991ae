// All Users: Freelancer and Staff tabs, filters, admin-only columns, in Chromium. Every
// locator is scoped to the main region or its tab's grid.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

/** The page's main region; each tab's grid is a region named after it. */
const main = (page) => page.getByRole('main');
const tab = (page, name) => main(page).getByRole('region', { name: `All Users: ${name}` });

describe('All Users', () => {
  test('an admin sees both tabs, filters freelancers by last name, and the Permissions columns', async () => {
    await withPage(browser, 'all-users-admin', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/users`);
      const staff = tab(page, 'Staff');
      await staff.getByRole('row', { name: /staff@hive\.test/ }).waitFor();
      await staff.getByRole('columnheader', { name: /Can Administrate Hive/ }).waitFor();
      await staff.getByRole('columnheader', { name: /Account Status/ }).waitFor();
      await checkA11y(page, 'all-users-staff');

      await main(page).getByRole('tab', { name: 'Freelancer' }).click();
      await page.waitForURL(/tab=freelancer/);
      const freelancers = tab(page, 'Freelancer');
      // The demo has some 200 freelancers: Felix Reid is not on the first page until filtered.
      await freelancers.getByRole('row', { name: /hive\.test/ }).first().waitFor();
      const filter = freelancers.getByRole('textbox', { name: /Last Name Filter Input/i });
      await filter.fill('rei');
      await freelancers.getByRole('row', { name: /freelancer@hive\.test/ }).waitFor();
      await freelancers.getByRole('row', { name: /reset@hive\.test/ }).waitFor({ state: 'detached' });
      assert.equal(await freelancers.getByRole('row', { name: /@hive\.test/ }).count(), 1);
      // The row holds its pinned status and actions.
      const felix = freelancers.getByRole('row', { name: /freelancer@hive\.test/ });
      await felix.getByRole('button', { name: 'Impersonate Felix Reid' }).waitFor();
      await checkA11y(page, 'all-users-freelancer-filtered');
    });
  });

  test('a client manager sees no account status, permissions or impersonation', async () => {
    await withPage(browser, 'all-users-manager', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/users?tab=freelancer`);
      const freelancers = tab(page, 'Freelancer');
      await freelancers.getByRole('row', { name: /hive\.test/ }).first().waitFor();
      await freelancers.getByRole('textbox', { name: /Last Name Filter Input/i }).fill('rei');
      await freelancers.getByRole('row', { name: /freelancer@hive\.test/ }).waitFor();
      assert.equal(await freelancers.getByRole('columnheader', { name: /Account Status/ }).count(), 0);
      assert.equal(await freelancers.getByRole('columnheader', { name: /Can Administrate/ }).count(), 0);
      assert.equal(await freelancers.getByRole('button', { name: /Impersonate/ }).count(), 0);
      await main(page).getByRole('link', { name: 'Create user' }).waitFor();
      await checkA11y(page, 'all-users-manager');
    });
  });
});
