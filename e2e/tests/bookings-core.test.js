// Bookings (issue 6, the part that is built): a department manager creates a booking from a
// job template on chosen dates; a freelancer instructed into it accepts on their side.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, launchBrowser, login, startHive, withPage } from '../harness.js';

let hive;
let browser;

before(async () => {
  hive = await startHive();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await hive?.stop();
});

/** Calls the API from the page's session (with its CSRF token). */
async function call(page, method, path, body) {
  const { token } = await (await page.request.get(`${hive.url}/api/v1/account/token`)).json();
  const res = await page.request.fetch(`${hive.url}/api/v1${path}`, {
    method,
    data: body,
    headers: { 'X-CSRF-Token': token },
  });
  assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

describe('bookings', () => {
  test('a department manager books three dates; the instructed freelancer accepts', async () => {
    let bookingUrl;
    await withPage(browser, 'create-booking', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.getByRole('link', { name: 'Create Booking' }).click();
      await page.waitForURL(/\/bookings\/create$/);
      // Nothing chosen yet: the form says what is missing.
      await page.getByRole('button', { name: 'Create Booking' }).click();
      await page.getByText('Choose at least one date on the calendar').waitFor();
      await checkA11y(page, 'create booking with errors');

      await page.getByRole('combobox', { name: 'Job Template' }).click();
      await page.getByRole('option', { name: /Premier League Football/ }).click();
      await page.getByRole('checkbox', { name: /Overnight Transmission/ }).waitFor();
      // Book only the camera operator.
      for (const name of [/Sound Supervisor/, /VT Editor/, /Overnight Transmission/]) {
        await page.getByRole('checkbox', { name }).uncheck();
      }
      await page.getByRole('button', { name: 'Next month' }).click();
      for (const day of ['8', '9', '10']) {
        await page.getByRole('button', { name: new RegExp(`^\\w+day ${day} `) }).click();
      }
      await page.getByText('Dates (3 selected)').waitFor();
      await page.getByRole('button', { name: 'Create Booking' }).click();
      await page.getByText('The booking was created with 3 placements.').waitFor();
      await page.waitForURL(/\/bookings\/\d+\/edit$/);
      bookingUrl = page.url();
      const placements = page.getByRole('region', { name: 'Placements' });
      await placements.getByRole('cell', { name: 'No user assigned', exact: true }).first().waitFor();
      assert.equal(await placements.getByRole('cell', { name: 'No user assigned', exact: true }).count(), 3);
      await checkA11y(page, 'edit booking');

      // Instruct Felix Reid into every placement (the Invite list needs available suppliers,
      // which the API does not answer yet, so the grant goes through the API directly).
      const id = Number(bookingUrl.match(/bookings\/(\d+)/)[1]);
      const booking = await call(page, 'GET', `/booking/${id}`);
      const users = await call(page, 'GET', '/account?role=freelancer&email=freelancer@hive.test');
      const felix = users.items[0].id;
      const placementIds = booking.placements.map((p) => p.id);
      const res = await call(page, 'POST', `/placement/${placementIds[0]}/grant`, { userId: felix, placementIds });
      assert.equal(res.inserted, 3);
      await page.reload();
      await placements.getByRole('cell', { name: 'Felix Reid', exact: true }).first().waitFor();
      await placements.getByText('Awaiting response / Awaiting response').first().waitFor();
      assert.equal(await placements.getByText('Awaiting response / Awaiting response').count(), 3);
    });

    await withPage(browser, 'accept-instruction', async (page) => {
      await login(page, hive, 'freelancer@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      await page.goto(bookingUrl);
      const placements = page.getByRole('region', { name: 'Placements' });
      await placements.getByRole('cell', { name: 'Felix Reid', exact: true }).first().waitFor();
      await checkA11y(page, 'freelancer on the booking');
      await placements.getByRole('checkbox', { name: /^Select .* Felix Reid$/ }).first().check();
      await placements.getByRole('button', { name: 'Accept', exact: true }).click();
      await page.getByText('Successfully updated 1 instructions').waitFor();
      await placements.getByText('Accepted / Awaiting response').waitFor();
    });
    assert.ok(bookingUrl);
  });
});
