// The whole people journey of issue 5 in one go, in Chromium against a real hive: a freelancer
// signs up on their own (terms refused first), activates from the mail, logs in and onboards to
// complete (personal details, their own supplier entity, a sole-trader legal entity), uploads a
// photo and writes CV markdown whose javascript: link stays inert; a manager finds them in All
// Users, bookmarks, follows and adds a note; an administrator impersonates them and cancels.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, useHive, waitForMail, withPage } from '../harness.js';

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

/** Picks an option of a Mantine select by its label. */
async function choose(page, label, option) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The home screen's account-setup card shows progress; gone (null) once onboarding is complete. */
async function homeProgress(page, want) {
  await page.goto(`${hive.url}/`);
  await page.getByRole('heading', { name: 'Welcome, Wren' }).waitFor();
  const setup = page.getByRole('region', { name: 'Finish setting up your account' });
  if (want === null) {
    await page.waitForFunction(async () => {
      const me = await (await fetch('/api/v1/account/whoami')).json();
      return me.onboardingState === 'complete';
    });
    await setup.waitFor({ state: 'detached' });
    return;
  }
  await setup.getByText(`${want}%`).waitFor();
}

async function ownProfile(page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.waitForURL(/\/users\/\d+\/edit$/);
  await page.getByRole('heading', { name: NAME }).waitFor();
}

/** All Users, Freelancer tab, filtered to the new freelancer by the start of the last name. */
async function findWren(page) {
  await page.goto(`${hive.url}/users?tab=freelancer`);
  await page.getByRole('row', { name: /@hive\.test/ }).first().waitFor();
  const filter = page.getByRole('textbox', { name: /Last Name Filter Input/i });
  // The server matches names from their start, and the box says so.
  assert.equal(await filter.getAttribute('placeholder'), 'Starts with...');
  await filter.fill('Ashd');
  await page.getByRole('row', { name: new RegExp(EMAIL.replace(/\./g, '\\.')) }).waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('@hive.test'));
}

describe('a freelancer signs up on their own and is found', () => {
  test('sign-up, activation, onboarding to complete, photo and CV', async () => {
    await withPage(browser, 'signup-self', async (page) => {
      await page.goto(`${hive.url}/sign-up`);
      await page.getByRole('heading', { name: 'Create a Freelance Account' }).waitFor();
      await page.getByText('Account type: Freelancer').waitFor();
      await settled(page);
      await checkA11y(page, 'sign-up');
      await page.getByLabel('First name').fill('Wren');
      await page.getByLabel('Last name').fill('Ashdown');
      await page.getByLabel('Email').fill(` ${EMAIL} `);
      await page.getByLabel(/^Password/).fill(PASSWORD);

      // The terms must be agreed: refused first.
      const since = hive.logs.length;
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('You must agree to the terms and conditions').waitFor();
      assert.match(page.url(), /\/sign-up$/);
      await page.getByLabel('I agree to the terms and conditions').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/please-activate-account$/);
      await page.getByText('Check your email for the link to activate your account.').waitFor();

      // Not active yet: logging in is sent to the activation notice.
      await login(page, hive, EMAIL, PASSWORD);
      await page.waitForURL(/\/please-activate-account$/);

      const link = (await waitForMail(hive, EMAIL, since)).match(/https?:\/\/\S+\/activate\?token=\S+/)?.[0];
      assert.ok(link, 'activation link in the mail');
      await page.goto(link);
      await page.getByRole('heading', { name: 'Activate your account' }).waitFor();
      await settled(page);
      await checkA11y(page, 'activate');
      await page.getByRole('button', { name: 'Activate' }).click();
      await page.getByText('Account Activated').waitFor();
      await page.waitForURL(/\/login$/);

      await login(page, hive, EMAIL, PASSWORD);
      await page.waitForURL(/\/bookings$/);

      // Step 1 of onboarding: personal details.
      await homeProgress(page, 20);
      await settled(page);
      await checkA11y(page, 'home at 20%');
      await ownProfile(page);
      await page.getByRole('textbox', { name: 'Phone' }).fill('+44 7700 900456');
      await page.getByRole('textbox', { name: /^Location/ }).fill('Bristol');
      await page.getByText('Edit', { exact: true }).first().click();
      await page
        .getByRole('textbox', { name: 'CV' })
        .fill(
          '## Credits\n\n[click me](javascript:alert(document.domain)) and [my site](https://example.com)',
        );
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Profile Saved').waitFor();

      // The javascript: link is inert: no href, no dialog, no navigation.
      const region = page.getByRole('region', { name: 'CV' });
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
      await page.waitForTimeout(300);
      assert.equal(dialog, false);
      assert.equal(page.url(), before);

      // The photo.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload photo' }).click();
      await (await chooser).setFiles({ name: 'wren.png', mimeType: 'image/png', buffer: png });
      await page.getByText('Image uploaded successfully.').waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('img[alt="Profile photo"]')].some((i) =>
          i.getAttribute('src')?.includes('/profile_image/file'),
        ),
      );
      await settled(page);
      await checkA11y(page, 'own profile with photo and CV');

      // Step 2: an entity of their own (a supplier, which they then manage).
      await homeProgress(page, 40);
      await page.getByRole('link', { name: 'Create Entity' }).first().click();
      await page.waitForURL(/\/entities\/create$/);
      await page.getByRole('heading', { name: 'Create Entity' }).waitFor();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Wren Ashdown Camera');
      await choose(page, 'Type', 'Supplier');
      await page.getByRole('button', { name: 'Create entity' }).click();
      await page.getByText('Entity Wren Ashdown Camera created').waitFor();
      await page.waitForURL(/\/entities\/\d+\/edit$/);

      // Step 3: the legal entity, from the home screen's card.
      await homeProgress(page, 80);
      const legal = page.getByRole('region', { name: 'Add your legal entity' });
      await settled(page);
      await checkA11y(page, 'home at 80% with the legal entity card');
      await legal.getByRole('link', { name: 'Create LE' }).click();
      await page.waitForURL(/\/legal-entities\/create\?entityId=\d+$/);
      await choose(page, 'Business type', 'UK Sole Trader');
      await page.getByLabel('NI number').fill('AB123456C');
      await page.getByLabel('Trading name').fill('Wren Ashdown Camera');
      await page.getByRole('button', { name: 'Create legal entity' }).click();
      await page.getByText('Legal Entity Created').waitFor();
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
      await page.getByRole('row', { name: /wren\.ashdown/ }).getByText('Complete').waitFor();
      await settled(page);
      await checkA11y(page, 'all users filtered to the new freelancer');
      await page.getByRole('link', { name: EMAIL }).click();
      await page.waitForURL(/\/users\/\d+\/edit$/);
      await page.getByRole('heading', { name: NAME }).waitFor();
      // What the freelancer wrote is there, inert for the manager too.
      const cv = page.getByRole('region', { name: 'CV' });
      await cv.getByRole('heading', { name: 'Credits' }).waitFor();
      assert.equal(await cv.locator('a', { hasText: 'click me' }).getAttribute('href'), null);

      await page.getByRole('button', { name: 'Bookmark' }).click();
      await page.getByRole('button', { name: 'Unbookmark' }).waitFor();
      await page.getByRole('button', { name: 'Follow' }).click();
      await page.getByRole('button', { name: 'Unfollow' }).waitFor();

      await page.getByRole('tab', { name: 'Internal Notes' }).click();
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByPlaceholder('Choose the entity the note is for').click();
      await page.getByRole('option').first().click();
      await page.getByRole('textbox', { name: /^Title/ }).fill('Signed up on her own');
      await page.getByRole('textbox', { name: /^Description/ }).fill('Strong showreel; try for the cup final.');
      await page.getByRole('button', { name: 'Publish note' }).click();
      await page.getByText('Note Published').waitFor();
      await page.getByText('Signed up on her own').waitFor();
      await settled(page);
      await checkA11y(page, 'new freelancer notes');

      await page.reload();
      await page.getByRole('button', { name: 'Unbookmark' }).waitFor();
      await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    });
  });

  test('an admin impersonates the new freelancer and cancels', async () => {
    await withPage(browser, 'signup-admin-impersonate', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      await findWren(page);
      await page.getByRole('button', { name: `Impersonate ${NAME}` }).click();
      await page.waitForURL(/\/bookings$/);
      const banner = page.getByRole('banner');
      await banner.getByText(NAME, { exact: true }).waitFor();
      await banner.getByText(/impersonated by Ada Admin/).waitFor();
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Cancel Impersonation' }).click();
      await banner.getByText('Ada Admin', { exact: true }).waitFor();
      assert.equal(await banner.getByText(/impersonated by/).count(), 0);
      await settled(page);
      await checkA11y(page, 'after cancelling the impersonation');
    });
  });
});
