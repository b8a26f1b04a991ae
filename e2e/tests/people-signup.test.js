// The whole people journey in one go, in Chromium against a real hive: a freelancer
// signs up on their own (terms refused first), activates from the mail, logs in and onboards to
// complete (personal details, their own supplier entity, a sole-trader legal entity), uploads a
// photo and writes CV markdown whose javascript: link stays inert; a manager finds them in All
// Users, bookmarks, follows and adds a note; an administrator impersonates them and cancels.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiCall,
  checkA11y,
  login,
  toast,
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

const EMAIL = 'wren.ashdown@e2e.test';
const PASSWORD = 'Wren-signs-up-1';
const NAME = 'Wren Ashdown';

/** Waits for running transitions (a toast fading in fails contrast checks mid-fade). */
async function settled(page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/** Picks an option of a Mantine select (in scope) by its label; the options open in a listbox. */
async function choose(page, scope, label, option) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** The home screen's account-setup card shows progress; gone (null) once onboarding is complete. */
async function homeProgress(page, want) {
  await page.goto(`${hive.url}/`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Welcome, Wren' }).waitFor();
  const setup = main.getByRole('region', { name: 'Finish setting up your account' });
  if (want === null) {
    await waitForState(
      async () =>
        (await apiCall(hive, page, 'GET', '/account/whoami')).onboardingState === 'complete',
      { what: 'onboarding to be complete' },
    );
    await setup.waitFor({ state: 'detached' });
    return;
  }
  await setup.getByText(`${want}%`).waitFor();
}

async function ownProfile(page) {
  await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Profile' }).click();
  await page.waitForURL(/\/users\/\d+\/edit$/);
  await page.getByRole('main').getByRole('heading', { name: NAME }).waitFor();
}

/** All Users, Freelancer tab, filtered to the new freelancer by the start of the last name. */
async function findWren(page) {
  await page.goto(`${hive.url}/users?tab=freelancer`);
  const main = page.getByRole('main');
  await main
    .getByRole('row', { name: /@hive\.test/ })
    .first()
    .waitFor();
  const filter = main.getByRole('textbox', { name: /Last Name Filter Input/i });
  // The server matches names from their start, and the box says so.
  assert.equal(await filter.getAttribute('placeholder'), 'Starts with...');
  await filter.fill('Ashd');
  await main.getByRole('row', { name: new RegExp(EMAIL.replace(/\./g, '\\.')) }).waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('@hive.test'));
}

describe('a freelancer signs up on their own and is found', () => {
  test('sign-up, activation, onboarding to complete, photo and CV', async () => {
    await withPage(browser, 'signup-self', async (page) => {
      await page.goto(`${hive.url}/sign-up`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Create a Freelance Account' }).waitFor();
      await main.getByText('Account type: Freelancer').waitFor();
      await settled(page);
      await checkA11y(page, 'sign-up');
      await main.getByLabel('First name').fill('Wren');
      await main.getByLabel('Last name').fill('Ashdown');
      await main.getByLabel('Email').fill(` ${EMAIL} `);
      await main.getByLabel(/^Password/).fill(PASSWORD);

      // The terms must be agreed: refused first.
      const since = hive.logs.length;
      await main.getByRole('button', { name: 'Create account' }).click();
      await main.getByText('You must agree to the terms and conditions').waitFor();
      assert.match(page.url(), /\/sign-up$/);
      await main.getByLabel('I agree to the terms and conditions').check();
      await main.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/please-activate-account$/);
      await toast(page, 'Check your email for the link to activate your account.');

      // Not active yet: logging in is sent to the activation notice.
      await login(page, hive, EMAIL, PASSWORD);
      await page.waitForURL(/\/please-activate-account$/);

      const link = (await waitForMail(hive, EMAIL, since)).match(
        /https?:\/\/\S+\/activate\?token=\S+/,
      )?.[0];
      assert.ok(link, 'activation link in the mail');
      await page.goto(link);
      await main.getByRole('heading', { name: 'Activate your account' }).waitFor();
      await settled(page);
      await checkA11y(page, 'activate');
      // Activation sets the password again: whoever signed up with the address may not be its owner.
      await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await main.getByRole('button', { name: 'Activate' }).click();
      await toast(page, 'Account Activated');
      await page.waitForURL(/\/login$/);

      await login(page, hive, EMAIL, PASSWORD);
      await page.waitForURL(/\/bookings$/);

      // Step 1 of onboarding: personal details.
      await homeProgress(page, 20);
      await settled(page);
      await checkA11y(page, 'home at 20%');
      await ownProfile(page);
      const profile = page.getByRole('form', { name: 'Profile' });
      await profile.getByRole('textbox', { name: 'Phone' }).fill('+44 7700 900456');
      await profile.getByRole('combobox', { name: /^Location/ }).fill('Bristol');
      await page
        .getByRole('listbox', { name: 'Places' })
        .getByRole('option', { name: /^Bristol, England/ })
        .click();
      await profile.getByText('Edit', { exact: true }).first().click();
      await profile
        .getByRole('textbox', { name: 'CV' })
        .fill(
          '## Credits\n\n[click me](javascript:alert(document.domain)) and [my site](https://example.com)',
        );
      await profile.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Profile Saved');

      // The javascript: link is inert: no href, no dialog, no navigation.
      const region = main.getByRole('region', { name: 'CV' });
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
      const before = page.url();
      await inert.click();
      // A click's default action and handlers run before the next frames are drawn.
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
      );
      assert.equal(dialog, false);
      assert.equal(page.url(), before);

      // The photo.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      const chooser = page.waitForEvent('filechooser');
      await main.getByRole('button', { name: 'Upload photo' }).click();
      await (await chooser).setFiles({ name: 'wren.png', mimeType: 'image/png', buffer: png });
      await toast(page, 'Image uploaded successfully.');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('img[alt="Profile photo"]')].some((i) =>
          i.getAttribute('src')?.includes('/profile_image/file'),
        ),
      );
      await settled(page);
      await checkA11y(page, 'own profile with photo and CV');

      // Step 2: an entity of their own (a supplier, which they then manage).
      await homeProgress(page, 40);
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Create Entity' })
        .click();
      await page.waitForURL(/\/entities\/create$/);
      await main.getByRole('heading', { name: 'Create Entity' }).waitFor();
      await main.getByRole('textbox', { name: /^Name/ }).fill('Wren Ashdown Camera');
      await choose(page, main, 'Type', 'Supplier');
      await main.getByRole('button', { name: 'Create entity' }).click();
      await toast(page, 'Entity Wren Ashdown Camera created');
      await page.waitForURL(/\/entities\/\d+\/edit$/);

      // Step 3: the legal entity, from the home screen's card.
      await homeProgress(page, 80);
      const legal = main.getByRole('region', { name: 'Add your legal entity' });
      await settled(page);
      await checkA11y(page, 'home at 80% with the legal entity card');
      await legal.getByRole('link', { name: 'Create LE' }).click();
      await page.waitForURL(/\/legal-entities\/create\?entityId=\d+$/);
      await choose(page, main, 'Business type', 'UK Sole Trader');
      await main.getByLabel('NI number').fill('AB123456C');
      await main.getByLabel('Trading name').fill('Wren Ashdown Camera');
      await main.getByRole('button', { name: 'Create legal entity' }).click();
      await toast(page, 'Legal Entity Created');
      await page.waitForURL(/\/legal-entities\/\d+\/edit$/);

      // Complete: the card is gone.
      await homeProgress(page, null);
      await settled(page);
      await checkA11y(page, 'home after onboarding');
    });
  });

  test('a manager finds the new freelancer, bookmarks, follows and adds a note', async () => {
    await withPage(browser, 'signup-manager', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$/);
      await findWren(page);
      const main = page.getByRole('main');
      await main
        .getByRole('row', { name: /wren\.ashdown/ })
        .getByText('Complete')
        .waitFor();
      await settled(page);
      await checkA11y(page, 'all users filtered to the new freelancer');
      await main.getByRole('link', { name: EMAIL }).click();
      await page.waitForURL(/\/users\/\d+\/edit$/);
      await main.getByRole('heading', { name: NAME }).waitFor();
      // What the freelancer wrote is there, inert for the manager too.
      const cv = main.getByRole('region', { name: 'CV' });
      await cv.getByRole('heading', { name: 'Credits' }).waitFor();
      assert.equal(await cv.locator('a', { hasText: 'click me' }).getAttribute('href'), null);

      await main.getByRole('button', { name: 'Bookmark' }).click();
      await main.getByRole('button', { name: 'Unbookmark' }).waitFor();
      await main.getByRole('button', { name: 'Follow' }).click();
      await main.getByRole('button', { name: 'Unfollow' }).waitFor();

      await main.getByRole('tab', { name: 'Internal Notes' }).click();
      const notes = main.getByRole('tabpanel', { name: 'Internal Notes' });
      await notes.getByRole('button', { name: 'Add note' }).click();
      const note = notes.getByRole('form', { name: 'Add note' });
      await note.getByPlaceholder('Choose the entity the note is for').click();
      await page.getByRole('listbox').getByRole('option').first().click();
      await note.getByRole('textbox', { name: /^Title/ }).fill('Signed up on her own');
      await note
        .getByRole('textbox', { name: /^Description/ })
        .fill('Strong showreel; try for the cup final.');
      await note.getByRole('button', { name: 'Publish note' }).click();
      await toast(page, 'Note Published');
      await notes.getByText('Signed up on her own').waitFor();
      await settled(page);
      await checkA11y(page, 'new freelancer notes');

      await page.reload();
      await main.getByRole('button', { name: 'Unbookmark' }).waitFor();
      await main.getByRole('button', { name: 'Unfollow' }).waitFor();
    });
  });

  test('an admin impersonates the new freelancer and cancels', async () => {
    await withPage(browser, 'signup-admin-impersonate', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      await findWren(page);
      await page
        .getByRole('main')
        .getByRole('button', { name: `Impersonate ${NAME}` })
        .click();
      await page.waitForURL(/\/bookings$/);
      const banner = page.getByRole('banner');
      await banner.getByText(NAME, { exact: true }).waitFor();
      await banner.getByText(/impersonated by Ada Admin/).waitFor();
      await banner.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Cancel Impersonation' }).click();
      await banner.getByText('Ada Admin', { exact: true }).waitFor();
      assert.equal(await banner.getByText(/impersonated by/).count(), 0);
      await settled(page);
      await checkA11y(page, 'after cancelling the impersonation');
    });
  });
});
