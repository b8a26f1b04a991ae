// Active sessions, in Debian's Chromium against a real hive: a user signed in in two browsers
// ends the other one from Active sessions, and that browser's next request lands on login.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

describe('active sessions', () => {
  test('ending the other browser session from Active sessions signs that browser out', async () => {
    await withPage(
      browser,
      'sessions-other',
      async (other) => {
        await login(other, hive, 'staff@hive.test');
        await other.waitForURL(/\/bookings$/);
        await withPage(browser, 'sessions-mine', async (page) => {
          await login(page, hive, 'staff@hive.test');
          await page.waitForURL(/\/bookings$/);
          await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
          await page.getByRole('menuitem', { name: 'Active sessions' }).click();
          await page.waitForURL(/\/sessions$/);
          const main = page.getByRole('main');
          await main.getByRole('heading', { name: 'Active sessions' }).waitFor();
          const list = main.getByRole('list', { name: 'Active sessions' });
          const items = list.getByRole('listitem');
          await items.nth(1).waitFor();
          assert.equal(await items.count(), 2);
          const mine = items.filter({ hasText: 'This session' });
          assert.equal(await mine.count(), 1);
          await checkA11y(page, 'active sessions');

          const theirs = items.filter({ hasNotText: 'This session' });
          await theirs.getByRole('button', { name: /^Sign out/ }).click();
          await items.filter({ hasNotText: 'This session' }).waitFor({ state: 'detached' });
          assert.equal(await items.count(), 1);
          await mine.waitFor();
        });
        await other.reload();
        await other.waitForURL(/\/login$/);
        await other.getByRole('form', { name: 'Log in' }).waitFor();
      },
      { mobile: true },
    );
  });
});
