// Sign-in journeys, in Debian's Chromium against a real hive.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, toast, useHive, waitForMail, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

describe('signing in', () => {
  test('a visitor is sent to the login screen', async () => {
    await withPage(browser, 'visitor-redirected', async (page) => {
      await page.goto(`${hive.url}/bookings`);
      await page.waitForURL(/\/login$/);
      const main = page.getByRole('main');
      await main.getByText('Enter your credentials to log in.').waitFor();
      await main
        .getByRole('form', { name: 'Log in' })
        .getByRole('button', { name: 'Log in' })
        .waitFor();
      await checkA11y(page, 'login');
    });
  });

  test('a wrong password shows Authentication Error and a message in the form that stays', async () => {
    await withPage(browser, 'wrong-password', async (page) => {
      await page.goto(`${hive.url}/login`);
      // The email field has the focus on load, with the same visible ring as a button.
      const email = page.getByRole('form', { name: 'Log in' }).getByLabel('Email');
      await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'email');
      assert.equal(await email.evaluate((el) => getComputedStyle(el).outlineStyle), 'solid');

      await login(page, hive, 'staff@hive.test', 'not-the-password');
      await toast(page, 'Authentication Error');
      const form = page.getByRole('form', { name: 'Log in' });
      await form
        .getByRole('alert')
        .getByText('The email address or password is not correct. Check both and try again.')
        .waitFor();
      const password = form.getByLabel('Password', { exact: true });
      assert.equal(await password.getAttribute('aria-invalid'), 'true');
      assert.match(page.url(), /\/login$/);
      await checkA11y(page, 'login refused');
    });
  });

  test('a mistyped address while signed in: the Error toast inside the app', async () => {
    await withPage(browser, 'mistyped-url', async (page) => {
      await login(page, hive, 'staff@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/no-such-page`);
      await toast(
        page,
        'That resource does not exist, or you lack permission to access it.',
      );
      await page.waitForURL(/\/bookings$/);
      await page.getByRole('main').getByRole('heading', { name: 'Bookings' }).waitFor();
      assert.equal(await page.getByRole('form', { name: 'Log in' }).count(), 0);
    });
  });

  test('the first tab stop skips to the main region', async () => {
    await withPage(browser, 'skip-link', async (page) => {
      await login(page, hive, 'staff@hive.test');
      await page.waitForURL(/\/bookings$/);
      // A fresh load: nothing has the focus yet.
      await page.goto(`${hive.url}/bookings`);
      await page.getByRole('main').getByRole('heading', { name: 'Bookings' }).waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await page.waitForFunction(
        () => document.activeElement?.textContent === 'Skip to main content',
      );
      assert.ok(await skip.isVisible(), 'the skip link shows when focused');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
    });
  });

  test('login lands on bookings with a greeting, and logout ends the session', async () => {
    await withPage(browser, 'login-logout', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      await toast(page, 'Login successful. Hello, Ada!');
      await page.getByRole('main').getByRole('heading', { name: 'Bookings' }).waitFor();
      await checkA11y(page, 'bookings');

      await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
      await page.waitForURL(/\/login$/);
      await page.goto(`${hive.url}/bookings`);
      await page.waitForURL(/\/login$/);
    });
  });

  test('the shell works on a phone', async () => {
    await withPage(
      browser,
      'mobile-shell',
      async (page) => {
        await login(page, hive, 'dept@hive.test');
        await page.waitForURL(/\/bookings$/);
        await page.getByRole('main').getByRole('heading', { name: 'Bookings' }).waitFor();
        await checkA11y(page, 'bookings on a phone');
      },
      { mobile: true },
    );
  });

  test('an account that is not activated reaches please-activate-account', async () => {
    await withPage(browser, 'inactive-account', async (page) => {
      await login(page, hive, 'inactive@hive.test');
      await page.waitForURL(/\/please-activate-account$/);
      await page
        .getByRole('main')
        .getByRole('heading', { name: 'Please activate your account' })
        .waitFor();
      await checkA11y(page, 'please-activate-account');
    });
  });
});

describe('password reset', () => {
  test('from the request, through the mail, to a new password', async () => {
    await withPage(browser, 'password-reset', async (page) => {
      await page.goto(`${hive.url}/login`);
      const main = page.getByRole('main');
      await main.getByRole('link', { name: /forgot|reset/i }).click();
      await page.waitForURL(/\/request-password-reset$/);
      await main.getByRole('button', { name: 'Send reset link' }).waitFor();
      await checkA11y(page, 'request-password-reset');
      const since = hive.logs.length;
      await main.getByLabel('Email').fill('freelancer@hive.test');
      await main.getByRole('button', { name: 'Send reset link' }).click();

      const text = await waitForMail(hive, 'freelancer@hive.test', since);
      const link = text.match(/https?:\/\/\S+/)[0];
      await page.goto(link);
      await main.getByLabel('New password').waitFor();
      await checkA11y(page, 'reset-password');
      await main.getByLabel('New password').fill('Brand-new-password-1');
      await main.getByRole('button', { name: 'Reset password' }).click();
      await toast(page, 'Password Reset');
      await page.waitForURL(/\/login$/);

      await login(page, hive, 'freelancer@hive.test', 'Brand-new-password-1');
      await page.waitForURL(/\/bookings$/);
    });
  });
});

describe('a required password reset', () => {
  // The page says the link was mailed, and it was.
  test('signing in mails the reset link that the page tells the user to look for', async () => {
    await withPage(browser, 'required-reset', async (page) => {
      const since = hive.logs.length;
      await login(page, hive, 'reset@hive.test');
      await page.waitForURL(/\/account-requires-reset$/);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Password reset required' }).waitFor();
      await main.getByText(/We have sent a link to reset it to your e-mail address/).waitFor();
      await main.getByRole('button', { name: 'Send a new reset link' }).waitFor();
      await checkA11y(page, 'account-requires-reset');

      const text = await waitForMail(hive, 'reset@hive.test', since);
      await page.goto(text.match(/https?:\/\/\S+/)[0]);
      await main.getByLabel('New password').fill('Reset-at-last-2026');
      await main.getByRole('button', { name: 'Reset password' }).click();
      await page.waitForURL(/\/login$/);
      await login(page, hive, 'reset@hive.test', 'Reset-at-last-2026');
      await page.waitForURL(/\/bookings$/);
    });
  });

  test('reached directly, the page claims no mail and offers to send a link', async () => {
    await withPage(browser, 'required-reset-direct', async (page) => {
      await page.goto(`${hive.url}/account-requires-reset`);
      const main = page.getByRole('main');
      await main.getByText(/we will send you a link to reset it/).waitFor();
      assert.equal(await main.getByText(/We have sent/).count(), 0);
      await main.getByLabel('Email').fill('nobody@hive.test');
      await main.getByRole('button', { name: 'Send a reset link' }).click();
      // The same answer whether or not an account needs it: nothing is revealed.
      await main
        .getByText('If an account uses this address, we have sent it a link to reset the password.')
        .waitFor();
    });
  });
});

describe('impersonation', () => {
  test('an administrator impersonates a user and cancels', async () => {
    await withPage(browser, 'impersonation', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/users`);
      const row = page.getByRole('main').getByRole('row', { name: /staff@hive\.test/ });
      await row.getByRole('button', { name: /Impersonate/ }).click();
      const banner = page.getByRole('banner');
      await banner.getByText('Sam Turner', { exact: true }).waitFor();
      await banner.getByText(/impersonated by Ada Admin/).waitFor();
      // A coloured banner across the top names the user, with the way back in it.
      const impersonation = banner.getByRole('region', { name: 'Impersonation' });
      await impersonation.getByText('You are impersonating Sam Turner').waitFor();
      await checkA11y(page, 'impersonating');

      // The menu still offers it too.
      const menu = banner.getByRole('button', { name: 'User menu' });
      await menu.click();
      await page
        .getByRole('menu')
        .getByRole('menuitem', { name: 'Cancel Impersonation' })
        .waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      await impersonation.getByRole('button', { name: 'Cancel Impersonation' }).click();
      await toast(page, 'You are yourself again.');
      await banner.getByText('Ada Admin', { exact: true }).waitFor();
      await impersonation.waitFor({ state: 'detached' });
      assert.equal(await banner.getByText(/impersonated by/).count(), 0);
      await menu.click();
      // Wait for the open menu before asserting what it lacks.
      await page.getByRole('menu').getByRole('menuitem', { name: 'Profile' }).waitFor();
      assert.equal(
        await page
          .getByRole('menu')
          .getByRole('menuitem', { name: 'Cancel Impersonation' })
          .count(),
        0,
      );
    });
  });
});

describe('own sessions and password', () => {
  // Signs in as email in a context of its own (a second browser), for checking it is signed out.
  async function otherBrowser(email, password) {
    const context = await browser.newContext({
      locale: 'en-GB',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10000);
    await login(page, hive, email, password);
    await page.waitForURL(/\/bookings$/);
    return { context, page };
  }

  async function expectSignedOut(page) {
    await page.goto(`${hive.url}/bookings`);
    await page.waitForURL(/\/login$/);
  }

  test('keep me signed in, change the password, and sign out everywhere', async () => {
    const others = [];
    try {
      await withPage(browser, 'change-password', async (page) => {
        await page.goto(`${hive.url}/login`);
        const form = page.getByRole('form', { name: 'Log in' });
        await form.getByLabel('Email').fill('manager@hive.test');
        await form.getByLabel('Password', { exact: true }).fill('HiveDemo2026!');
        await form.getByRole('checkbox', { name: /Keep me signed in/ }).check();
        await form.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(/\/bookings$/);
        const session = (await page.context().cookies()).find((c) => c.name === 'hive_session');
        assert.ok(
          session && session.expires > Date.now() / 1000 + 29 * 24 * 3600,
          'a remembered cookie',
        );

        const second = await otherBrowser('manager@hive.test');
        others.push(second);

        await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
        await page.getByRole('menu').getByRole('menuitem', { name: 'Change password' }).click();
        await page.waitForURL(/\/change-password$/);
        const main = page.getByRole('main');
        await main.getByRole('heading', { name: 'Change password' }).waitFor();
        await checkA11y(page, 'change-password');

        await main.getByLabel('Current password').fill('not-my-password');
        await main.getByLabel(/^New password/).fill('Manager-new-pass-1');
        await main.getByRole('button', { name: 'Change password' }).click();
        await main.getByText('Error: The current password is not correct.').waitFor();

        await main.getByLabel('Current password').fill('HiveDemo2026!');
        await main.getByLabel(/^New password/).fill('Manager-new-pass-1');
        await main.getByRole('button', { name: 'Change password' }).click();
        await toast(page, 'Password changed');

        // The other browser was signed out; this one was not.
        await expectSignedOut(second.page);
        await page.goto(`${hive.url}/bookings`);
        await main.getByRole('heading', { name: 'Bookings' }).waitFor();

        const third = await otherBrowser('manager@hive.test', 'Manager-new-pass-1');
        others.push(third);
        await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
        await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out everywhere' }).click();
        await page.waitForURL(/\/login$/);
        await toast(page, 'Signed out everywhere');
        await expectSignedOut(page);
        await expectSignedOut(third.page);
      });
    } finally {
      for (const o of others) await o.context.close();
    }
  });
});
