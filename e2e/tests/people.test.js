// Profiles: a freelancer writes CV markdown whose javascript: link stays inert; a
// manager finds the freelancer, bookmarks, follows and adds a note; an admin impersonates the
// freelancer and cancels. In Chromium against a real hive.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, checkA11y, login, toast, useHive, waitForMail, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

/** Waits for running transitions (a toast fading in fails contrast checks mid-fade). */
async function settled(page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/** The page's main region: forms and grids are found inside it, never beside a toast or the sidebar. */
const main = (page) => page.getByRole('main');

/** Opens the user menu in the top bar and returns the open menu. */
async function userMenu(page) {
  await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
  return page.getByRole('menu');
}

/** Filters the Freelancer tab of All Users down to Felix Reid and returns the tab's grid. */
async function findFelix(page) {
  await page.goto(`${hive.url}/users?tab=freelancer`);
  const grid = main(page).getByRole('region', { name: 'All Users: Freelancer' });
  await grid.getByRole('row', { name: /@hive\.test/ }).first().waitFor();
  await grid.getByRole('textbox', { name: /Last Name Filter Input/i }).fill('rei');
  await grid.getByRole('row', { name: /freelancer@hive\.test/ }).waitFor();
  await grid.getByRole('row', { name: /reset@hive\.test/ }).waitFor({ state: 'detached' });
  return grid;
}

describe('profiles', () => {
  test('a freelancer writes CV markdown; a javascript: link stays inert', async () => {
    await withPage(browser, 'profile-freelancer-cv', async (page) => {
      await login(page, hive, 'freelancer@hive.test');
      await page.waitForURL(/\/bookings$/);
      await (await userMenu(page)).getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL(/\/users\/\d+\/edit$/);
      await main(page).getByRole('heading', { name: 'Felix Reid' }).waitFor();
      // A freelancer's own profile has no tab bar.
      assert.equal(await main(page).getByRole('tab').count(), 0);
      await settled(page);
      await checkA11y(page, 'profile-own');

      await main(page).getByText('Edit', { exact: true }).first().click();
      const cv = main(page).getByRole('textbox', { name: 'CV' });
      await cv.fill(
        '## Credits\n\n[click me](javascript:alert(document.domain)) and [my site](https://example.com)',
      );
      await main(page).getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Profile Saved');

      const region = main(page).getByRole('region', { name: 'CV' });
      await region.getByRole('heading', { name: 'Credits' }).waitFor();
      const inert = region.locator('a', { hasText: 'click me' });
      assert.equal(await inert.getAttribute('href'), null);
      assert.equal(
        await region.locator('a', { hasText: 'my site' }).getAttribute('href'),
        'https://example.com',
      );
      let dialog = false;
      page.on('dialog', async (d) => {
        dialog = true;
        await d.dismiss();
      });
      await inert.click();
      // A round trip through the page after the click: an alert would have been raised by now.
      await page.evaluate(() => document.readyState);
      assert.equal(dialog, false);
      assert.match(page.url(), /\/users\/\d+\/edit$/);
      await settled(page);
      await checkA11y(page, 'profile-own-cv-preview');
    });
  });

  test('a freelancer uploads a profile photo', async () => {
    await withPage(browser, 'profile-photo', async (page) => {
      await login(page, hive, 'freelancer@hive.test');
      await page.waitForURL(/\/bookings$/);
      await (await userMenu(page)).getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL(/\/users\/\d+\/edit$/);
      // A real 1x1 PNG: the server sniffs and decodes what it stores.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      const chooser = page.waitForEvent('filechooser');
      await main(page).getByRole('button', { name: 'Upload photo' }).click();
      await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await toast(page, 'Image uploaded successfully.');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('img[alt="Profile photo"]')].some((i) =>
          i.getAttribute('src')?.includes('/profile_image/file'),
        ),
      );
      await settled(page);
      await checkA11y(page, 'profile-photo');
    });
  });

  test('a manager finds the freelancer, bookmarks, follows and adds a note', async () => {
    await withPage(browser, 'profile-manager', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$/);
      const grid = await findFelix(page);
      await settled(page);
      await checkA11y(page, 'profile-manager-users');
      await grid.getByRole('link', { name: 'freelancer@hive.test' }).click();
      await page.waitForURL(/\/users\/\d+\/edit$/);
      const profile = main(page);
      await profile.getByRole('heading', { name: 'Felix Reid' }).waitFor();
      await profile.getByRole('tab', { name: 'Profile' }).waitFor();
      // Managers read; only the user and administrators edit. A client manager of what the
      // freelancer is linked to reads their documents too (spec part 1 §2), read-only.
      assert.equal(await profile.getByRole('button', { name: 'Save' }).count(), 0);
      assert.equal(await profile.getByRole('tab', { name: 'Documents' }).count(), 1);
      await settled(page);
      await checkA11y(page, 'profile-manager-view');

      await profile.getByRole('button', { name: 'Bookmark' }).click();
      await profile.getByRole('button', { name: 'Unbookmark' }).waitFor();
      await profile.getByRole('button', { name: 'Follow' }).click();
      await profile.getByRole('button', { name: 'Unfollow' }).waitFor();

      await profile.getByRole('tab', { name: 'Internal Notes' }).click();
      await profile.getByRole('button', { name: 'Add note' }).click();
      await profile.getByPlaceholder('Choose the entity the note is for').click();
      // The open select's options are in a portal: the one open listbox.
      await page.getByRole('listbox').getByRole('option').first().click();
      await profile.getByRole('textbox', { name: /^Title/ }).fill('Great on the last shoot');
      await profile.getByRole('textbox', { name: /^Description/ }).fill('Reliable and early.');
      await profile.getByRole('button', { name: 'Publish note' }).click();
      await toast(page, 'Note Published');
      await profile.getByText('Great on the last shoot').waitFor();
      await settled(page);
      await checkA11y(page, 'profile-manager-notes');

      // The marks persist.
      await page.reload();
      await main(page).getByRole('button', { name: 'Unbookmark' }).waitFor();
      await main(page).getByRole('button', { name: 'Unfollow' }).waitFor();
    });
  });

  test('a manager creates an assisted account, which gets an activation mail', async () => {
    await withPage(browser, 'profile-create-user', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/users`);
      await main(page).getByRole('link', { name: 'Create user' }).click();
      await page.waitForURL(/\/users\/create$/);
      const form = main(page);
      await form.getByRole('heading', { name: 'Create User' }).waitFor();
      await settled(page);
      await checkA11y(page, 'create-user');
      await form.getByRole('button', { name: 'Create User' }).click();
      await form.getByText('Assisted accounts must belong to at least one entity.').waitFor();
      await form.getByRole('textbox', { name: /^Email/ }).fill(' nia.vale@e2e.test ');
      await form.getByRole('textbox', { name: /^First name/ }).fill('Nia');
      await form.getByRole('textbox', { name: /^Last name/ }).fill('Vale');
      await form.getByRole('combobox', { name: /^Entities/ }).click();
      const entities = page.getByRole('listbox');
      await entities.getByRole('option').first().click();
      await page.keyboard.press('Escape');
      await entities.waitFor({ state: 'hidden' });
      await form.getByRole('button', { name: 'Create User' }).click();
      await page.waitForURL(/\/users\/\d+\/edit$/);
      await main(page).getByRole('heading', { name: 'Nia Vale' }).waitFor();
      await main(page).getByText('Contractor').first().waitFor();
      await settled(page);
      await checkA11y(page, 'created-user-profile');
      const mail = await waitForMail(hive, 'nia.vale@e2e.test');
      assert.match(JSON.stringify(mail), /activate/i);
    });
  });

  test('an admin impersonates the freelancer and cancels', async () => {
    await withPage(browser, 'profile-admin-impersonate', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      const grid = await findFelix(page);
      await grid.getByRole('button', { name: 'Impersonate Felix Reid' }).click();
      await page.waitForURL(/\/bookings$/);
      let menu = await userMenu(page);
      await menu.getByRole('menuitem', { name: 'Cancel Impersonation' }).waitFor();
      await settled(page);
      await checkA11y(page, 'profile-admin-impersonating');
      await menu.getByRole('menuitem', { name: 'Cancel Impersonation' }).click();
      menu = await userMenu(page);
      await menu.getByRole('menuitem', { name: 'Profile' }).waitFor();
      assert.equal(await menu.getByRole('menuitem', { name: 'Cancel Impersonation' }).count(), 0);
      await page.keyboard.press('Escape');
      await settled(page);
      await checkA11y(page, 'profile-admin-after-cancel');
    });
  });

  test("an admin sets a user's password; the user signs in with it", async () => {
    await withPage(browser, 'profile-admin-set-password', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      const found = await apiCall(hive, page, 'GET', '/account?search=amelia.hughes');
      const amelia = found.items.find((u) => u.email === 'amelia.hughes@hive.test');
      await page.goto(`${hive.url}/users/${amelia.id}/edit`);
      const admin = main(page).getByRole('group', { name: 'Administration' });
      await admin.getByRole('button', { name: 'Set Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set Password' });
      await dialog.getByText(/calendar feed/).waitFor();
      await dialog.getByLabel(/^New password/).fill('Short1');
      await dialog.getByLabel(/^Confirm new password/).fill('Short1');
      await dialog.getByRole('button', { name: 'Set Password' }).click();
      await dialog.getByText('Password must be between 8 and 50 characters long.').waitFor();
      await dialog.getByLabel(/^New password/).fill('Set-By-Admin-2026');
      await dialog.getByLabel(/^Confirm new password/).fill('Set-By-Admin-2026');
      await settled(page);
      await checkA11y(page, 'profile-admin-set-password');
      await dialog.getByRole('button', { name: 'Set Password' }).click();
      await toast(page, 'Password Reset');
      await dialog.waitFor({ state: 'hidden' });
    });
    await withPage(browser, 'profile-new-password', async (page) => {
      await login(page, hive, 'amelia.hughes@hive.test', 'Set-By-Admin-2026');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    });
  });
});
