// Bookings: a department manager creates a booking from a
// job template on dates chosen on the month calendar and invites a freelancer from the available
// suppliers; the freelancer accepts on their side. Every locator is scoped to its form, region,
// dialog or listbox.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, toast, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const main = (page) => page.getByRole('main');

describe('bookings', () => {
  test('a department manager books three dates and invites a freelancer, who accepts', async () => {
    let bookingUrl;
    await withPage(browser, 'create-booking', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$/);
      await main(page).getByRole('link', { name: 'Create Booking' }).click();
      await page.waitForURL(/\/bookings\/create$/);
      const form = main(page).getByRole('form', { name: 'Create Booking' });
      // Nothing chosen yet: the form says what is missing.
      await form.getByRole('button', { name: 'Create Booking' }).click();
      await form.getByText('Choose at least one date on the calendar').waitFor();
      await checkA11y(page, 'create booking with errors');

      await form.getByRole('combobox', { name: 'Job Template' }).click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /Premier League Football/ })
        .click();
      await form.getByRole('checkbox', { name: /Overnight Transmission/ }).waitFor();
      // Book only the camera operator.
      for (const name of [/Sound Supervisor/, /VT Editor/, /Overnight Transmission/]) {
        await form.getByRole('checkbox', { name }).uncheck();
      }
      await main(page).getByRole('button', { name: 'Next month' }).click();
      const day = (n) => main(page).getByRole('gridcell', { name: new RegExp(`^\\w+day ${n} `) });
      // Range mode (the default): a click on the first day and one on the last selects 8 to 10.
      await day(8).click();
      await main(page)
        .getByText(/^Range starts on \w+day 8 .*: choose its last day\.$/)
        .waitFor();
      await day(10).click();
      await main(page).getByText('Dates (3 selected)').waitFor();
      for (const n of [8, 9, 10]) assert.equal(await day(n).getAttribute('aria-selected'), 'true');
      assert.equal(await day(11).getAttribute('aria-selected'), 'false');
      // Custom mode keeps the range and toggles single days.
      const mode = main(page).getByRole('radiogroup', { name: 'Selection mode' });
      await mode.getByText('Custom', { exact: true }).click();
      assert.equal(await mode.getByRole('radio', { name: 'Custom' }).isChecked(), true);
      await day(9).click();
      await main(page).getByText('Dates (2 selected)').waitFor();
      assert.equal(await day(9).getAttribute('aria-selected'), 'false');
      await day(9).click();
      await main(page).getByText('Dates (3 selected)').waitFor();
      await form.getByRole('button', { name: 'Create Booking' }).click();
      await toast(page, 'The booking was created with 3 placements.');
      await page.waitForURL(/\/bookings\/\d+\/edit$/);
      bookingUrl = page.url();
      const placements = main(page).getByRole('region', { name: 'Placements' });
      const unassigned = placements.getByRole('gridcell', {
        name: 'No user assigned',
        exact: true,
      });
      await unassigned.first().waitFor();
      assert.equal(await unassigned.count(), 3);
      await checkA11y(page, 'edit booking');

      // Invite Felix Reid into the three placements: select their rows, pick him in the list of
      // available suppliers (free on every one of them).
      const rows = placements.getByRole('row', { name: /No user assigned/ });
      for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
      await placements.getByText('3 selected').waitFor();
      await placements.getByRole('button', { name: 'Invite', exact: true }).click();
      const invite = page.getByRole('dialog', { name: 'Invite' });
      await invite.getByText('Available suppliers for 3 placements').waitFor();
      const felix = invite.getByRole('row', { name: /Felix Reid/ });
      await felix.getByText('100%').waitFor();
      await checkA11y(page, 'invite');
      await felix.getByRole('checkbox', { name: 'Invite Felix Reid' }).check();
      await invite.getByRole('button', { name: 'Invite (1)' }).click();
      await toast(page, 'Sent out 3 new instructions. Skipped 0 existing instructions.');
      await invite.waitFor({ state: 'hidden' });
      await placements.getByRole('gridcell', { name: 'Felix Reid', exact: true }).first().waitFor();
      assert.equal(
        await placements.getByRole('gridcell', { name: 'Felix Reid', exact: true }).count(),
        3,
      );
      assert.equal(await unassigned.count(), 0);
      await placements.getByText('Awaiting response / Awaiting response').first().waitFor();
      assert.equal(await placements.getByText('Awaiting response / Awaiting response').count(), 3);
      // At 1280 px every row and every status shows whole: nothing lies over
      // the last row, and no badge cuts its text.
      const lastUser = placements.getByRole('gridcell', { name: 'Felix Reid', exact: true }).last();
      const lastRowShown = await lastUser.evaluate((cell) => {
        const r = cell.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 3);
        return hit !== null && cell.contains(hit);
      });
      assert.ok(lastRowShown, 'the last row is covered');
      const badge = placements.getByText('Awaiting response / Awaiting response').first();
      assert.ok(
        await badge.evaluate((label) => label.scrollWidth <= label.clientWidth),
        'the status badge cuts its text',
      );
    });

    await withPage(browser, 'accept-instruction', async (page) => {
      await login(page, hive, 'freelancer@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      await page.goto(bookingUrl);
      const placements = main(page).getByRole('region', { name: 'Placements' });
      await placements.getByRole('gridcell', { name: 'Felix Reid', exact: true }).first().waitFor();
      await checkA11y(page, 'freelancer on the booking');
      await placements
        .getByRole('row', { name: /Felix Reid/ })
        .first()
        .getByRole('checkbox')
        .check();
      await placements.getByRole('button', { name: 'Accept', exact: true }).click();
      await toast(page, 'Successfully updated 1 instruction');
      await placements.getByText('Accepted / Awaiting response').waitFor();
      assert.equal(await placements.getByText('Awaiting response / Awaiting response').count(), 2);
    });
    assert.ok(bookingUrl);
  });
});
