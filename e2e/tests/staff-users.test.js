// Staff, read-only: Users is in staff's sidebar and both tabs load the people
// they may see; the profiles they open have no Save, Set Password, Documents or bookmark buttons,
// and All Users offers them no Create user or Impersonate. The same holds when an administrator
// impersonates the staff member.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

/** Both tabs of All Users load for staff (Sam Turner, who may view Northbridge). */
async function bothTabsLoad(page) {
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'All Users' }).waitFor();
  const staffTab = main.getByRole('region', { name: 'All Users: Staff' });
  // Northbridge's people: its manager, and Sam themself.
  await staffTab.getByRole('row', { name: /manager@hive\.test/ }).waitFor();
  await staffTab.getByRole('row', { name: /staff@hive\.test/ }).waitFor();
  assert.equal(await staffTab.getByRole('row', { name: /admin@hive\.test/ }).count(), 0);
  assert.equal(await main.getByRole('alert').count(), 0, 'no load error');
  // Read-only: no Create user, no administrator columns, no Impersonate.
  assert.equal(await main.getByRole('link', { name: 'Create user' }).count(), 0);
  assert.equal(await staffTab.getByRole('columnheader', { name: /Account Status/ }).count(), 0);
  assert.equal(await staffTab.getByRole('button', { name: /Impersonate/ }).count(), 0);

  await main.getByRole('tab', { name: 'Freelancer' }).click();
  await page.waitForURL(/tab=freelancer/);
  const freelancers = main.getByRole('region', { name: 'All Users: Freelancer' });
  // The freelancers Northbridge's departments hire.
  await freelancers.getByRole('row', { name: /@hive\.test/ }).first().waitFor();
  assert.equal(await main.getByRole('alert').count(), 0, 'no load error');
  assert.equal(await freelancers.getByRole('button', { name: /Impersonate/ }).count(), 0);
  return freelancers;
}

describe('staff, read-only', () => {
  test('staff open Users from the sidebar, see both tabs and read a profile without write buttons', async () => {
    await withPage(browser, 'staff-users', async (page) => {
      await login(page, hive, 'staff@hive.test');
      await page.waitForURL(/\/bookings$/);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      assert.equal(await nav.getByRole('link', { name: 'Create or Connect User' }).count(), 0);
      await nav.getByRole('link', { name: 'Users' }).click();
      await page.waitForURL(/\/users$/);
      const freelancers = await bothTabsLoad(page);
      await checkA11y(page, 'staff-users-freelancers');

      // The profile asks only for what staff may read: no refused call (stats, documents).
      const refused = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
      });
      const first = freelancers.getByRole('row', { name: /@hive\.test/ }).first();
      await first.getByRole('link').click();
      await page.waitForURL(/\/users\/\d+\/edit$/);
      const main = page.getByRole('main');
      await main.getByRole('tab', { name: 'Profile' }).waitFor();
      await main.getByRole('textbox', { name: /^First name/ }).waitFor();
      assert.ok(await main.getByRole('textbox', { name: /^First name/ }).isDisabled(), 'read-only');
      for (const name of ['Save', 'Set Password', 'Bookmark', 'Follow', 'Upload photo']) {
        assert.equal(await main.getByRole('button', { name }).count(), 0, `no ${name} button`);
      }
      assert.equal(await main.getByRole('tab', { name: 'Documents' }).count(), 0);
      assert.equal(await main.getByRole('group', { name: 'Administration' }).count(), 0);
      await checkA11y(page, 'staff-profile');
      await page.waitForLoadState('networkidle');
      assert.equal(await main.getByRole('heading', { name: 'Freelancer Stats' }).count(), 0);
      assert.deepEqual(refused, []);
    });
  });

  test('an administrator impersonating staff sees the same', async () => {
    await withPage(browser, 'staff-impersonated', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/users`);
      const staffTab = page.getByRole('main').getByRole('region', { name: 'All Users: Staff' });
      await staffTab.getByRole('button', { name: 'Impersonate Sam Turner' }).click();
      const banner = page.getByRole('banner').getByRole('region', { name: 'Impersonation' });
      await banner.getByText('You are impersonating Sam Turner').waitFor();
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Users' })
        .click();
      await page.waitForURL(/\/users$/);
      await bothTabsLoad(page);
      await checkA11y(page, 'staff-impersonated-users');
    });
  });
});
