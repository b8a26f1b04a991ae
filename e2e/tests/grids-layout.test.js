// The shared grid's layout: at 1280 px All Users and Recent Booking Changes keep
// their status (and actions) in view, pinned to the right edge; at 375 px they are card lists.
// Screenshots of both grids at both widths are kept in e2e/results/ (grid-*.png).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const results = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

async function shot(page, name) {
  mkdirSync(results, { recursive: true });
  await page.screenshot({ path: join(results, `grid-${name}.png`) });
}

/** Fails unless the element's box lies inside the viewport, left to right. */
async function assertInView(page, locator, what) {
  const box = await locator.boundingBox();
  const { width } = page.viewportSize();
  assert.ok(box, `${what} is rendered`);
  assert.ok(
    box.x >= 0 && box.x + box.width <= width,
    `${what} is within the ${width} px viewport (x ${box.x}, width ${box.width})`,
  );
}

async function signIn(page) {
  await login(page, hive, 'admin@hive.test');
  await page.waitForURL(/\/bookings$/);
}

describe('grids at 1280 px', () => {
  test("All Users keeps the account status and Impersonate in view", async () => {
    await withPage(browser, 'grid-users-1280', async (page) => {
      await signIn(page);
      await page.goto(`${hive.url}/users`);
      const grid = page.getByRole('region', { name: 'All Users: Staff' });
      const row = grid.getByRole('row', { name: /staff@hive\.test/ });
      await row.waitFor();
      await assertInView(page, grid.getByRole('columnheader', { name: /^Account Status/ }), 'the Account Status header');
      await assertInView(page, row.getByRole('gridcell', { name: 'Active' }), "the staff member's status");
      await assertInView(page, row.getByRole('button', { name: 'Impersonate Sam Turner' }), 'Impersonate');
      await shot(page, 'all-users-1280');
      await checkA11y(page, 'grid-users-1280');
    });
  });

  test('Recent Booking Changes keeps the status in view, its full text on hover', async () => {
    await withPage(browser, 'grid-changes-1280', async (page) => {
      await signIn(page);
      await page.goto(`${hive.url}/bookings/list`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Recent Booking Changes' }).waitFor();
      // The toggle names the page it leads to.
      // (Mantine's segmented control keeps its radios visually hidden.)
      const toggle = main.getByRole('radio', { name: 'Recent Booking Changes' });
      await toggle.waitFor({ state: 'attached' });
      assert.ok(await toggle.isChecked(), 'the toggle shows this page');
      const grid = main.getByRole('region', { name: 'All booking changes' });
      const status = grid.locator('.ag-row [col-id="status"]').first();
      await status.waitFor();
      await assertInView(page, grid.getByRole('columnheader', { name: /^Status/ }), 'the Status header');
      await assertInView(page, status, "the first row's status");
      const full = await status.getAttribute('title');
      assert.match(full, /^(Confirmed|Awaiting|Cancelled|Not instructed)/, `the status's tooltip (${full})`);
      // Rows per page: 20, 40 and 100 as in every grid.
      await grid.getByRole('combobox', { name: 'All booking changes: rows per page' }).click();
      // The open select's options are in a portal: the one open listbox.
      const sizes = page.getByRole('listbox');
      await sizes.getByRole('option', { name: '100' }).waitFor();
      assert.deepEqual(await sizes.getByRole('option').allTextContents(), ['20', '40', '100']);
      await page.keyboard.press('Escape');
      await sizes.waitFor({ state: 'hidden' });
      await shot(page, 'booking-changes-1280');
      await checkA11y(page, 'grid-changes-1280');
    });
  });
});

describe('grids at 375 px', () => {
  const phone = async (page) => page.setViewportSize({ width: 375, height: 812 });

  test('All Users is a card list', async () => {
    await withPage(browser, 'grid-users-375', async (page) => {
      await phone(page);
      await signIn(page);
      await page.goto(`${hive.url}/users`);
      const main = page.getByRole('main');
      const cards = main.getByRole('list', { name: 'All Users: Staff' });
      const sam = cards.getByRole('listitem').filter({ hasText: 'staff@hive.test' });
      await sam.waitFor();
      assert.equal(await main.locator('.ag-root').count(), 0, 'no grid at phone width');
      await sam.getByText('Production Coordinator').waitFor();
      // No header to sort or filter by: the cards' own controls ask the server the same.
      await main.getByRole('button', { name: 'Sort and filter' }).click();
      const controls = main.getByRole('group', { name: 'All Users: Staff: sort and filter' });
      await controls.getByRole('textbox', { name: 'Email' }).fill('staff@');
      await cards.getByRole('listitem').filter({ hasText: 'manager@hive.test' }).waitFor({ state: 'detached' });
      assert.equal(await cards.getByRole('listitem').count(), 1);
      await assertInView(page, sam.getByText('Active', { exact: true }), 'the status on the card');
      await assertInView(page, sam.getByRole('button', { name: 'Impersonate Sam Turner' }), 'Impersonate on the card');
      await shot(page, 'all-users-375');
      await checkA11y(page, 'grid-users-375');
    });
  });

  test('Recent Booking Changes is a card list', async () => {
    await withPage(browser, 'grid-changes-375', async (page) => {
      await phone(page);
      await signIn(page);
      await page.goto(`${hive.url}/bookings/list`);
      const main = page.getByRole('main');
      const cards = main.getByRole('list', { name: 'All booking changes' });
      const first = cards.getByRole('listitem').first();
      await first.waitFor();
      assert.equal(await main.locator('.ag-root').count(), 0, 'no grid at phone width');
      await first.getByText('Freelancer', { exact: true }).waitFor();
      const status = first.locator('[title]').first();
      await assertInView(page, status, 'the status on the card');
      assert.ok(await status.getAttribute('title'), 'the full status as its tooltip');
      await shot(page, 'booking-changes-375');
      await checkA11y(page, 'grid-changes-375');
    });
  });
});
