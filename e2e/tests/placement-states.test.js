// Placement states: a placement whose freelancer accepted is not shown red on the agenda or the
// booking page because an earlier offer to someone else was cancelled (the placement group
// display rule); after a substitution the booking page says who must answer next, and the
// substitute works at the incumbent's amended rate. Every locator is scoped to its region.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bookCamera, nextMonthDay } from '../offers.js';
import { apiCall, login, toast, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);
const main = (page) => page.getByRole('main');
const placementsRegion = (page) => main(page).getByRole('region', { name: 'Placements' });

/** Two freelancers the department may offer the booking's Camera Operator to. */
async function twoSuppliers(page, booking, camera) {
  const placement = booking.placements[0];
  const suppliers = await call(
    page,
    'GET',
    `/booking/${booking.id}/placement-template/${camera.id}/available-suppliers?placementIds=${placement.id}`,
  );
  const free = suppliers.items.filter((s) => !s.alreadyInstructed);
  assert.ok(free.length >= 2, 'two freelancers are available');
  return free.slice(0, 2).map((s) => s.user);
}

/** Offers the placement to users and returns their instructions by user id. */
async function offer(page, booking, users) {
  const placement = booking.placements[0];
  const grant = await call(page, 'POST', `/placement/${placement.id}/grant`, {
    userIds: users.map((u) => u.id),
    placementIds: [placement.id],
  });
  assert.equal(grant.inserted, users.length);
  const after = await call(page, 'GET', `/booking/${booking.id}`);
  return new Map(after.placements[0].instructions.map((i) => [i.userId, i]));
}

/** The manager accepts for the supplier, then for the client. */
async function accept(page, id) {
  await call(page, 'PATCH', '/instruction/status', [{ id, supplierStatus: 'accepted' }]);
  await call(page, 'PATCH', '/instruction/status', [{ id, clientStatus: 'accepted' }]);
}

describe('placement states', () => {
  test('an accepted placement with an earlier cancelled offer is not red', async () => {
    await withPage(browser, 'placement-states-healthy', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      const title = 'Placement States Healthy';
      const { booking, camera } = await bookCamera(hive, page, { title, date: nextMonthDay(12) });
      const [first, second] = await twoSuppliers(page, booking, camera);
      const offers = await offer(page, booking, [first, second]);
      // The first offer is cancelled; the second freelancer accepts and the client confirms.
      await call(page, 'PATCH', '/instruction/status', [
        {
          id: offers.get(first.id).id,
          clientStatus: 'cancelled',
          cancellationReason: 'Client - Placement Not Needed',
        },
      ]);
      await accept(page, offers.get(second.id).id);

      // The agenda's Confirmed tab: the card is confirmed, not red, and lists the one who works.
      await page.goto(`${hive.url}/agenda?tab=confirmed`);
      const card = main(page)
        .getByRole('article')
        .filter({ hasText: new RegExp(`Booking ${booking.id}(?!\\d)`) });
      await card.waitFor();
      await card.getByText('Confirmed', { exact: true }).first().waitFor();
      assert.equal(await card.getByText('Cancelled or rejected').count(), 0);
      const users = card.getByRole('list', { name: 'Instructed users' });
      await users.getByText(second.fullName).waitFor();
      assert.equal(await users.getByText(first.fullName).count(), 0);

      // The booking page: the placement is confirmed; the cancelled offer is there on demand.
      await page.goto(`${hive.url}/bookings/${booking.id}/edit`);
      const region = placementsRegion(page);
      await region.getByRole('grid').waitFor();
      await region.getByLabel('Placement: Confirmed').first().waitFor();
      assert.equal(await region.getByLabel('Placement: Cancelled or rejected').count(), 0);
      await region.getByRole('row', { name: new RegExp(second.fullName) }).waitFor();
      assert.equal(await region.getByRole('row', { name: new RegExp(first.fullName) }).count(), 0);
      await region.getByRole('switch', { name: /^Show every offer \(1 / }).check();
      await region.getByRole('row', { name: new RegExp(first.fullName) }).waitFor();
    });
  });

  test("after a substitution the page says who must answer; the rate is the incumbent's", async () => {
    await withPage(browser, 'placement-states-substitution', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      const { booking, camera } = await bookCamera(hive, page, {
        title: 'Placement States Substitution',
        date: nextMonthDay(14),
      });
      await call(page, 'PATCH', `/booking/${booking.id}`, {
        substitutionAllowed: true,
        version: booking.version,
      });
      const [incumbentUser] = await twoSuppliers(page, booking, camera);
      const offers = await offer(page, booking, [incumbentUser]);
      const incumbent = offers.get(incumbentUser.id);
      await accept(page, incumbent.id);
      await call(page, 'PATCH', '/instruction/rate', {
        ids: [incumbent.id],
        sellRate: { rate: 432.5, currency: 'GBP', period: 'day' },
      });

      const placement = booking.placements[0];
      await page.goto(
        `${hive.url}/bookings/${placement.id}/substitute?instructionId=${incumbent.id}`,
      );
      const select = main(page).getByRole('combobox', { name: 'Substitutes' });
      await select.waitFor();
      await select.click();
      const choice = page.getByRole('listbox').getByRole('option').first();
      const chosen = (await choice.innerText()).replace(/\s*\(.*\)\s*$/, '').trim();
      await choice.click();
      await select.press('Escape');
      await main(page).getByRole('button', { name: 'Substitute', exact: true }).click();
      await toast(page, 'The substitute was instructed.');
      await page.waitForURL(new RegExp(`/bookings/${booking.id}/edit`));

      // The landing page says plainly who must answer next.
      const landing = main(page).getByRole('status').filter({ hasText: 'Substitution Accepted' });
      await landing.getByText(`Waiting for ${chosen}'s answer`, { exact: false }).waitFor();
      await landing.getByText(`replaces ${incumbentUser.fullName}`, { exact: false }).waitFor();
      // The incumbent stays listed, struck through and labelled Substituted.
      const region = placementsRegion(page);
      const incumbentRow = region.getByRole('row', { name: new RegExp(incumbentUser.fullName) });
      await incumbentRow.getByText('Substituted', { exact: true }).waitFor();
      await region.getByLabel('Placement: Awaiting response').first().waitFor();

      const after = await call(page, 'GET', `/booking/${booking.id}`);
      const sub = after.placements[0].instructions.find((i) => i.substitutionOfId === incumbent.id);
      assert.ok(sub, 'the substitute holds an instruction');
      assert.equal(sub.fullName, chosen);
      assert.equal(sub.sellRate.rate, 432.5, "the substitute works at the incumbent's amended rate");
      assert.equal(sub.supplierStatus, 'awaiting_response');
      assert.equal(sub.clientStatus, 'accepted');
    });
  });
});
