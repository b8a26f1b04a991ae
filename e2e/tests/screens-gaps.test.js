// What people hit on the screens: an unknown address, a reset link used twice, the agenda's
// focus after an answer, the header's user name, and All Users' dragged column order. Every
// locator is scoped to its region or dialog.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { nextMonthDay, offerToFelix } from '../offers.js';
import { checkA11y, login, toast, useHive, waitForMail, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const main = (page) => page.getByRole('main');

describe('an unknown address', () => {
  test('a visitor reads page not found with Back to Login; a user gets the toast', async () => {
    await withPage(browser, 'gaps-not-found', async (page) => {
      await page.goto(`${hive.url}/no-such-page`);
      await main(page).getByRole('heading', { name: 'Page not found' }).waitFor();
      await main(page).getByRole('link', { name: 'Back to Login' }).waitFor();
      await checkA11y(page, 'page not found');

      await login(page, hive, 'staff@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/no-such-page`);
      await toast(page, 'That resource does not exist, or you lack permission to access it.');
      await page.waitForURL(/\/bookings$/);
    });
  });
});

describe('a reset link used twice', () => {
  test('says the link has been used and offers a new one, not "correct the errors"', async () => {
    await withPage(browser, 'gaps-reset-reuse', async (page) => {
      await page.goto(`${hive.url}/request-password-reset`);
      const since = hive.logs.length;
      await main(page).getByLabel('Email').fill('staff@hive.test');
      await main(page).getByRole('button', { name: 'Send reset link' }).click();
      const link = (await waitForMail(hive, 'staff@hive.test', since)).match(/https?:\/\/\S+/)[0];

      await page.goto(link);
      await main(page).getByLabel('New password').fill('Staff-new-password-1');
      await main(page).getByRole('button', { name: 'Reset password' }).click();
      await toast(page, 'Password Reset');
      await page.waitForURL(/\/login$/);

      await page.goto(link);
      await main(page).getByText(/has been used, or has expired/).waitFor();
      assert.equal(await main(page).getByLabel('New password').count(), 0);
      assert.equal(await page.getByText(/Correct the errors/).count(), 0);
      await checkA11y(page, 'reset link used');
      await main(page).getByRole('link', { name: 'Request a new reset link' }).click();
      await page.waitForURL(/\/request-password-reset$/);
    });
  });
});

describe('the agenda after an answer', () => {
  test('Accept moves the focus to the next card or the empty state, not the page body', async () => {
    let bookingId;
    await withPage(browser, 'gaps-agenda-setup', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      ({ bookingId } = await offerToFelix(hive, page, {
        title: 'Focus Cover',
        date: nextMonthDay(9),
      }));
    });
    await withPage(browser, 'gaps-agenda-focus', async (page) => {
      await login(page, hive, 'freelancer@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      await page.goto(`${hive.url}/agenda?tab=outstanding`);
      const card = main(page)
        .getByRole('article')
        .filter({ hasText: new RegExp(`Booking ${bookingId}(?!\\d)`) });
      await card.waitFor();
      await card.getByRole('button', { name: 'Accept instruction' }).focus();
      await page.keyboard.press('Enter');
      await toast(page, 'Status updated');
      await card.waitFor({ state: 'detached' });
      await page.waitForFunction(() =>
        document.activeElement?.matches('[data-agenda-card], [data-agenda-empty]'),
      );
      await checkA11y(page, 'agenda after an answer');
    });
  });
});

describe('the header', () => {
  test("on a phone the user's own name opens the user menu", async () => {
    await withPage(
      browser,
      'gaps-header-phone',
      async (page) => {
        await login(page, hive, 'freelancer@hive.test');
        await page.waitForURL(/\/bookings$|\/$/);
        const banner = page.getByRole('banner');
        // The environment badge is whole, not cut to its first letter.
        const env = banner.getByText('DEV', { exact: true });
        await env.waitFor();
        const cut = await env.evaluate((el) => el.scrollWidth > el.clientWidth);
        assert.equal(cut, false, 'the environment badge is cut');
        await banner.getByTestId('current-user-name').click();
        await page.getByRole('menu').getByRole('menuitem', { name: 'Profile' }).waitFor();
        await checkA11y(page, 'user menu from the name (phone)');
      },
      { mobile: true },
    );
  });
});

describe('All Users', () => {
  test('remembers a dragged column order across reloads', async () => {
    await withPage(browser, 'gaps-users-columns', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/users`);
      const staff = main(page).getByRole('region', { name: 'All Users: Staff' });
      await staff.getByRole('row', { name: /staff@hive\.test/ }).waitFor();
      const order = () =>
        staff
          .locator('.ag-header-row-column .ag-header-cell[col-id]')
          .evaluateAll((cells) => cells.map((c) => c.getAttribute('col-id')));
      const before = await order();
      const [first, second] = before;
      // Drag the second column's header onto the first's left half.
      const from = await staff.locator(`.ag-header-row-column .ag-header-cell[col-id="${second}"]`).boundingBox();
      const to = await staff.locator(`.ag-header-row-column .ag-header-cell[col-id="${first}"]`).boundingBox();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + 10, to.y + to.height / 2, { steps: 12 });
      await page.mouse.move(to.x + 5, to.y + to.height / 2, { steps: 4 });
      await page.mouse.up();
      await page.waitForFunction(
        ([s]) =>
          document.querySelector('.ag-header-row-column .ag-header-cell[col-id]')?.getAttribute('col-id') === s,
        [second],
      );
      const moved = await order();
      assert.deepEqual(moved.slice(0, 2), [second, first]);

      await page.reload();
      await staff.getByRole('row', { name: /staff@hive\.test/ }).waitFor();
      await staff.getByRole('columnheader', { name: /Can Administrate Hive/ }).waitFor();
      assert.deepEqual((await order()).slice(0, 2), [second, first]);
    });
  });
});
