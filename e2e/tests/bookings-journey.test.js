// The bookings journey: a manager creates a booking for five custom dates from a job template,
// invites two freelancers, one accepts and one rejects on their side, the manager amends a
// placement's times and a rate, cancels one instruction with 'Client - Placement Not Needed',
// and substitutes the accepted freelancer with another one who shows the VAT warning. Staff
// (read-only) see the booking without Accept, Reject or Substitute; where substitution is
// impossible it is not offered, and a refused substitution shows the server's reason. Each step
// is its own test so the report shows how far the journey gets; a failed step skips the ones
// after it. Every step goes through the UI; the API only sets up the substitute's company and
// reads the results. Every locator is scoped to its form, region, dialog or listbox. In Chromium
// against a real hive.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, checkA11y, journeySteps, login, toast, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const ACCEPTS = { email: 'freelancer@hive.test', name: 'Felix Reid' };
const REJECTS = { email: 'amelia.hughes@hive.test', name: 'Amelia Hughes' };
const SUBSTITUTE = { email: 'oliver.bennett@hive.test', name: 'Oliver Bennett' };
const MANAGER = 'manager@hive.test';
// Days of next month free for all three in the demo bookings (internal/bookings/demo: Felix works
// the 14th and 15th; the 8th to 10th are bookings-core's; the availability test marks the 20th
// and 21st).
const DAYS = [3, 5, 11, 17, 23];

/** What the steps share. */
const journey = { bookingId: 0 };

/** Runs a step unless an earlier one failed; a failure skips every later step. */
const step = journeySteps();

/** Waits for running transitions (a toast fading in fails contrast checks mid-fade). */
async function settled(page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The API in the page's session (harness apiCall). */
const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

const getBooking = (page) => call(page, 'GET', `/booking/${journey.bookingId}`);
const allInstructions = (booking) => booking.placements.flatMap((p) => p.instructions ?? []);

/** 'Thu, 03 Dec 2026': a date as the Placements grid shows it. */
const gridDate = (iso) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The page's own content (not the navigation or the toasts). */
const main = (page) => page.getByRole('main');
/** An option of the open select's list (rendered apart from the form). */
const option = (page, name) => page.getByRole('listbox').getByRole('option', name);

const placementsRegion = (page) => main(page).getByRole('region', { name: 'Placements' });

/** The grid row of `name` on the placement's date (one instruction per user and placement). */
const rowOf = (page, placement, name) =>
  placementsRegion(page)
    .getByRole('row', { name: new RegExp(name) })
    .filter({ hasText: gridDate(placement.date) });

async function openBooking(page) {
  await page.goto(`${hive.url}/bookings/${journey.bookingId}/edit`);
  await placementsRegion(page).getByRole('grid').waitFor();
}

/** Ticks every grid row naming `name`; returns how many. */
async function tickRows(page, name) {
  const rows = placementsRegion(page).getByRole('row', { name: new RegExp(name) });
  await rows.first().waitFor();
  const n = await rows.count();
  for (let i = 0; i < n; i++) await rows.nth(i).getByRole('checkbox').check();
  await placementsRegion(page).getByText(`${n} selected`).waitFor();
  return n;
}

async function action(page, name) {
  await placementsRegion(page)
    .getByRole('toolbar', { name: 'Placement actions' })
    .getByRole('button', { name, exact: true })
    .click();
}

/** The Placement actions toolbar's buttons, by name; none when it is not shown. */
async function actionNames(page) {
  await placementsRegion(page).getByRole('grid').waitFor();
  return placementsRegion(page)
    .getByRole('toolbar', { name: 'Placement actions' })
    .getByRole('button')
    .allInnerTexts();
}

/** Makes legalEntityId the preferred legal entity of entityId (as an administrator). */
async function preferLegalEntity(page, entityId, legalEntityId) {
  const entity = await call(page, 'GET', `/entity/${entityId}`);
  await call(page, 'PATCH', `/entity/${entityId}`, {
    version: entity.version,
    preferredLegalEntityId: legalEntityId,
  });
}

describe('bookings journey', () => {
  step('setup: the substitute runs a VAT-registered company', async () => {
    await withPage(browser, 'bookings-setup', async (page) => {
      await signIn(page, SUBSTITUTE.email);
      const { id } = await call(page, 'GET', '/account/whoami');
      await page.context().clearCookies();
      await signIn(page, 'admin@hive.test');
      const entity = await call(page, 'POST', '/entity', {
        name: 'Bennett Lighting',
        type: 'supplier',
        email: SUBSTITUTE.email,
        country: 'GB',
        timezone: 'Europe/London',
      });
      // Managing exactly one supplier entity makes it Oliver's business (docs/decisions.md
      // 'Substitution'), whose preferred legal entity gives his VAT status.
      await call(page, 'POST', '/associations/user-entity-refs', {
        userId: id,
        entityId: entity.id,
        canManage: true,
        canSelect: true,
      });
      const legal = await call(page, 'POST', '/legal-entity', {
        type: 'uk_private_limited',
        companyName: 'Bennett Lighting Ltd',
        companyNumber: '12345678',
        vatRegistered: true,
        vatNumber: 'GB123456780',
        entityIds: [entity.id],
        address1: '1 High Street',
        address2: 'London',
        address4: 'E1 1AA',
        email: SUBSTITUTE.email,
        country: 'GB',
      });
      await preferLegalEntity(page, entity.id, legal.id);
      // Felix's own business (demo) has his sole-trader legal entity, not VAT registered, but no
      // preferred one, which leaves his VAT status unknown: make it his.
      const felix = await call(page, 'GET', '/legal-entity?type=uk_sole_trader&name=Felix%20Reid');
      assert.equal(felix.items.length, 1);
      assert.equal(felix.items[0].vatRegistered, false);
      await preferLegalEntity(page, felix.items[0].entityIds[0], felix.items[0].id);
    });
  });

  step('a manager creates a booking for five custom dates from a job template', async () => {
    await withPage(browser, 'bookings-create', async (page) => {
      await signIn(page, MANAGER);
      await page.goto(`${hive.url}/bookings/create`);
      await main(page).getByRole('heading', { name: 'Create Booking' }).waitFor();
      const form = main(page).getByRole('form', { name: 'Create Booking' });
      await form.getByRole('combobox', { name: 'Job Template' }).click();
      await option(page, { name: /Premier League Football/ }).click();
      await form.getByRole('checkbox', { name: /Overnight Transmission/ }).waitFor();
      // Book only the camera operator: one placement a day.
      for (const name of [/Sound Supervisor/, /VT Editor/, /Overnight Transmission/]) {
        await form.getByRole('checkbox', { name }).uncheck();
      }
      await form.getByRole('textbox', { name: 'Title' }).fill('E2E Cup Final');
      await form.getByRole('checkbox', { name: 'Substitution allowed' }).check();
      await main(page)
        .getByRole('radiogroup', { name: 'Selection mode' })
        .getByText('Custom', { exact: true })
        .click();
      await main(page).getByRole('button', { name: 'Next month' }).click();
      for (const n of DAYS) {
        await main(page)
          .getByRole('gridcell', { name: new RegExp(`^\\w+day ${n} `) })
          .click();
      }
      await main(page).getByText(`Dates (${DAYS.length} selected)`).waitFor();
      await settled(page);
      await checkA11y(page, 'create booking');
      await form.getByRole('button', { name: 'Create Booking' }).click();
      await toast(page, 'The booking was created with 5 placements.');
      await page.waitForURL(/\/bookings\/\d+\/edit$/);
      journey.bookingId = Number(page.url().match(/\/bookings\/(\d+)\/edit/)[1]);
      const booking = await getBooking(page);
      assert.equal(booking.placements.length, 5);
      assert.equal(booking.periodType, 'custom');
      assert.equal(booking.substitutionAllowed, true);
      assert.deepEqual(
        booking.placements.map((p) => Number(p.date.slice(8, 10))),
        DAYS,
      );
    });
  });

  step('the manager invites two freelancers', async () => {
    await withPage(browser, 'bookings-invite', async (page) => {
      await signIn(page, MANAGER);
      await openBooking(page);
      await action(page, 'Invite');
      await toast(page, 'You must select at least one row');
      assert.equal(await tickRows(page, 'No user assigned'), 5);
      await action(page, 'Invite');
      const modal = page.getByRole('dialog', { name: 'Invite' });
      await modal.getByText('Available suppliers for 5 placements').waitFor();
      for (const who of [ACCEPTS, REJECTS]) {
        await modal
          .getByRole('row', { name: new RegExp(who.name) })
          .getByText('100%')
          .waitFor();
      }
      await settled(page);
      await checkA11y(page, 'invite');
      await modal.getByRole('checkbox', { name: `Invite ${ACCEPTS.name}` }).check();
      await modal.getByRole('checkbox', { name: `Invite ${REJECTS.name}` }).check();
      await modal.getByRole('button', { name: 'Invite (2)' }).click();
      await toast(page, 'Sent out 10 new instructions. Skipped 0 existing instructions.');
      await modal.waitFor({ state: 'hidden' });
      const grid = placementsRegion(page);
      await grid.getByRole('gridcell', { name: ACCEPTS.name, exact: true }).first().waitFor();
      assert.equal(
        await grid.getByRole('gridcell', { name: ACCEPTS.name, exact: true }).count(),
        5,
      );
      assert.equal(
        await grid.getByRole('gridcell', { name: REJECTS.name, exact: true }).count(),
        5,
      );
      const instructions = allInstructions(await getBooking(page));
      assert.equal(instructions.length, 10);
    });
  });

  step('one freelancer accepts on their side', async () => {
    await withPage(browser, 'bookings-accept', async (page) => {
      await signIn(page, ACCEPTS.email);
      // The page asks only for what a freelancer may read: no refused call, no console error.
      const failed = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/') && r.status() >= 400) {
          failed.push(`${r.status()} ${r.url()}`);
        }
      });
      page.on('console', (m) => {
        if (m.type() === 'error') failed.push(m.text());
      });
      await openBooking(page);
      assert.equal(await tickRows(page, ACCEPTS.name), 5, 'the freelancer sees their five rows');
      const editBooking = main(page).getByRole('region', { name: 'Edit Booking' });
      await editBooking.getByText(/Premier League Football/).waitFor();
      assert.equal(
        await main(page)
          .getByText(/Job template: #/)
          .count(),
        0,
        'no bare template id',
      );
      // Only what the server allows a freelancer on their awaiting instructions: answer them, or
      // find a substitute (the booking allows it).
      assert.deepEqual(await actionNames(page), ['Accept', 'Reject', 'Substitute']);
      assert.deepEqual(failed, [], 'no failing call on the booking page');
      assert.equal(
        await placementsRegion(page).getByRole('gridcell', { name: REJECTS.name }).count(),
        0,
        'a freelancer does not see the other freelancer',
      );
      await settled(page);
      await checkA11y(page, 'edit booking as freelancer');
      await action(page, 'Accept');
      await toast(page, 'Successfully updated 5 instructions');
      const mine = allInstructions(await getBooking(page));
      assert.equal(mine.length, 5);
      assert.ok(mine.every((i) => i.supplierStatus === 'accepted'));
    });
  });

  step('the other freelancer rejects on their side', async () => {
    await withPage(
      browser,
      'bookings-reject',
      async (page) => {
        await signIn(page, REJECTS.email);
        await openBooking(page);
        assert.equal(await tickRows(page, REJECTS.name), 5);
        await action(page, 'Reject');
        await toast(page, 'Successfully updated 5 instructions');
        // On a phone each row stacks its status in view, whole.
        const status = placementsRegion(page).getByText('Rejected / Awaiting response').first();
        await status.waitFor();
        const box = await status.boundingBox();
        const width = page.viewportSize().width;
        assert.ok(box && box.x >= 0 && box.x + box.width <= width, 'the status is off-screen');
        assert.ok(await status.evaluate((label) => label.scrollWidth <= label.clientWidth));
        await settled(page);
        await checkA11y(page, 'edit booking as freelancer, phone');
        const mine = allInstructions(await getBooking(page));
        assert.equal(mine.length, 5);
        assert.ok(mine.every((i) => i.supplierStatus === 'rejected'));
      },
      { mobile: true },
    );
  });

  step("the manager amends a placement's times", async () => {
    await withPage(browser, 'bookings-amend-times', async (page) => {
      await signIn(page, MANAGER);
      await openBooking(page);
      const first = (await getBooking(page)).placements[0];
      await rowOf(page, first, ACCEPTS.name).getByRole('checkbox').check();
      await placementsRegion(page)
        .getByRole('toolbar', { name: 'Placement changes' })
        .getByRole('button', { name: 'Amend Placements' })
        .click();
      const modal = page.getByRole('dialog', { name: 'Amend Placements' });
      await modal.getByText('Amend 1 placement.').waitFor();
      await modal.getByRole('textbox', { name: 'Start time' }).fill('8.30');
      await modal.getByRole('button', { name: 'Amend Placements' }).click();
      await modal.getByText('Enter a time as HH:mm.').waitFor();
      await settled(page);
      await checkA11y(page, 'amend placements');
      await modal.getByRole('textbox', { name: 'Start time' }).fill('08:30');
      await modal.getByRole('textbox', { name: 'End time' }).fill('19:00');
      await modal.getByRole('button', { name: 'Amend Placements' }).click();
      await toast(page, 'Amended 1 placement.');
      await modal.waitFor({ state: 'hidden' });
      await rowOf(page, first, ACCEPTS.name).getByText('08:30–19:00').waitFor();
      const after = await getBooking(page);
      const amended = after.placements.find((p) => p.id === first.id);
      assert.equal(amended.startTime.slice(0, 5), '08:30');
      assert.equal(amended.endTime.slice(0, 5), '19:00');
      const others = after.placements.filter((p) => p.id !== first.id);
      assert.ok(others.every((p) => p.startTime === first.startTime));
    });
  });

  step('the manager amends a rate', async () => {
    await withPage(browser, 'bookings-amend-rate', async (page) => {
      await signIn(page, MANAGER);
      await openBooking(page);
      await action(page, 'Amend Rates');
      await toast(page, 'You must select at least one row');
      const first = (await getBooking(page)).placements[0];
      await rowOf(page, first, ACCEPTS.name).getByRole('checkbox').check();
      await placementsRegion(page).getByText('1 selected').waitFor();
      await action(page, 'Amend Rates');
      const modal = page.getByRole('dialog', { name: 'Amend Rates' });
      // Non-admins see the 'Chargeable Rate' and no buy rate.
      const sell = modal.getByRole('textbox', { name: 'Chargeable Rate' });
      await sell.waitFor();
      assert.equal(await modal.getByRole('textbox', { name: /Buy Rate/ }).count(), 0);
      await sell.fill('abc');
      await modal.getByText('(ERROR)').waitFor();
      await settled(page);
      await checkA11y(page, 'amend rates');
      await sell.fill('432.10');
      await modal.getByText(/\([+-]?\d+\.\d\d%\)/).waitFor();
      await modal.getByRole('button', { name: 'Save rates' }).click();
      await toast(page, 'The rates were amended.');
      await modal.waitFor({ state: 'hidden' });
      await rowOf(page, first, ACCEPTS.name).getByText('432.10 GBP / day').waitFor();
      const rates = allInstructions(await getBooking(page)).filter(
        (i) => i.sellRate?.rate === 432.1,
      );
      assert.equal(rates.length, 1);
      assert.equal(rates[0].user.fullName, ACCEPTS.name);
      assert.equal(rates[0].buyRate ?? null, null, 'a manager never receives buy rates');
    });
  });

  step("the manager cancels one instruction with 'Client - Placement Not Needed'", async () => {
    await withPage(browser, 'bookings-cancel', async (page) => {
      await signIn(page, MANAGER);
      await openBooking(page);
      const booking = await getBooking(page);
      const last = booking.placements[booking.placements.length - 1];
      const target = last.instructions.find((i) => i.user.fullName === ACCEPTS.name);
      await rowOf(page, last, ACCEPTS.name).getByRole('checkbox').check();
      await action(page, 'Cancel');
      const modal = page.getByRole('dialog', { name: 'Cancel instructions' });
      const reason = modal.getByRole('combobox', { name: 'Reason' });
      await reason.waitFor();
      assert.equal(await reason.inputValue(), 'Other');
      await modal.getByRole('button', { name: 'Cancel instructions' }).click();
      await modal.getByText('Enter a reason').waitFor();
      await settled(page);
      await checkA11y(page, 'cancel dialog');
      await reason.click();
      await option(page, { name: 'Client - Placement Not Needed', exact: true }).click();
      await modal.getByRole('textbox', { name: 'Custom reason' }).fill('Match moved');
      await modal.getByRole('button', { name: 'Cancel instructions' }).click();
      await toast(page, 'Successfully updated 1 instruction');
      await modal.waitFor({ state: 'hidden' });
      const cancelled = allInstructions(await getBooking(page)).find((i) => i.id === target.id);
      assert.equal(cancelled.clientStatus, 'cancelled');
      assert.equal(cancelled.cancellationReason, 'Client - Placement Not Needed - Match moved');
    });
  });

  step('staff, read-only, see the booking without Accept, Reject or Substitute', async () => {
    await withPage(browser, 'bookings-staff', async (page) => {
      await signIn(page, 'staff@hive.test');
      // The server gives staff no action on any instruction, and no right to manage.
      const booking = await getBooking(page);
      assert.equal(booking.canManage, false);
      const rows = allInstructions(booking);
      assert.ok(rows.length > 0, 'staff see the instructions');
      for (const i of rows) {
        assert.ok(
          !i.canAccept && !i.canReject && !i.canCancel && !i.canSubstitute,
          `staff may act on instruction ${i.id}`,
        );
      }
      await openBooking(page);
      await placementsRegion(page).getByRole('gridcell', { name: ACCEPTS.name }).first().waitFor();
      assert.deepEqual(await actionNames(page), [], 'no action button for staff');
      assert.equal(
        await placementsRegion(page).getByRole('toolbar', { name: 'Placement changes' }).count(),
        0,
      );
      await settled(page);
      await checkA11y(page, 'edit booking as staff');
    });
  });

  step(
    "substitution is offered only where possible; a refusal shows the server's reason",
    async () => {
      await withPage(browser, 'bookings-substitute-refused', async (page) => {
        await signIn(page, MANAGER);
        // A booking that does not allow substitution (demo DEMO-001): no Substitute on offer, and
        // the page reached anyway says why in the server's words.
        const list = await call(page, 'GET', '/booking?search=DEMO-001');
        const demo = await call(page, 'GET', `/booking/${list.items[0].id}`);
        assert.equal(demo.substitutionAllowed, false);
        await page.goto(`${hive.url}/bookings/${demo.id}/edit`);
        await placementsRegion(page).getByRole('grid').waitFor();
        const offered = await actionNames(page);
        assert.ok(offered.includes('Invite'), `the manager's actions: ${offered}`);
        assert.ok(
          !offered.includes('Substitute'),
          'Substitute offered where the booking forbids it',
        );
        const live = allInstructions(demo).find((i) => !i.deletedAt);
        await page.goto(
          `${hive.url}/bookings/${live.placementId}/substitute?instructionId=${live.id}`,
        );
        const refused = main(page)
          .getByRole('alert')
          .filter({ hasText: 'Substitution is not possible' });
        await refused.getByText('This booking does not allow substitution.').waitFor();
        assert.equal(await refused.getByRole('button', { name: 'Retry' }).count(), 0);
        await settled(page);
        await checkA11y(page, 'substitution refused');

        // In the journey's booking the cancelled instruction may not be substituted: selecting it
        // warns instead of leaving the page, and its substitute page gives the server's reason.
        await openBooking(page);
        const booking = await getBooking(page);
        const last = booking.placements[booking.placements.length - 1];
        const cancelled = last.instructions.find((i) => i.user.fullName === ACCEPTS.name);
        assert.equal(cancelled.canSubstitute, false);
        // The grid lists a cancelled offer only when asked for every offer.
        await placementsRegion(page).getByRole('switch', { name: /^Show every offer/ }).check();
        await rowOf(page, last, ACCEPTS.name).getByRole('checkbox').check();
        await action(page, 'Substitute');
        await toast(page, 'The selected instruction cannot be substituted.');
        assert.match(page.url(), /\/edit$/);
        await page.goto(`${hive.url}/bookings/${last.id}/substitute?instructionId=${cancelled.id}`);
        await main(page)
          .getByRole('alert')
          .getByText('This instruction has already been cancelled or rejected.')
          .waitFor();
      });
    },
  );

  step('the manager substitutes the accepted freelancer; the VAT warning shows', async () => {
    await withPage(browser, 'bookings-substitute', async (page) => {
      await signIn(page, MANAGER);
      await openBooking(page);
      const placement = (await getBooking(page)).placements[0];
      const incumbent = placement.instructions.find((i) => i.user.fullName === ACCEPTS.name);
      await rowOf(page, placement, ACCEPTS.name).getByRole('checkbox').check();
      await action(page, 'Substitute');
      await page.waitForURL(
        new RegExp(`/bookings/${placement.id}/substitute\\?instructionId=${incumbent.id}$`),
      );
      // The page says which booking, placement, date and person it is for.
      const target = main(page).getByRole('group', { name: 'Substitution for' });
      await target.getByText(`${journey.bookingId} · E2E Cup Final`).waitFor();
      await target.getByText(`${placement.title} on ${gridDate(placement.date)}`).waitFor();
      await target.getByText(ACCEPTS.name, { exact: true }).waitFor();
      const select = main(page).getByRole('combobox', { name: 'Substitutes' });
      await select.waitFor();
      await settled(page);
      await checkA11y(page, 'substitute');
      await select.click();
      await select.fill('bennett');
      await option(page, { name: new RegExp(SUBSTITUTE.name) }).click();
      // The multi-select stays open for more picks: close it as a keyboard user would.
      await select.press('Escape');
      const warning = main(page).getByRole('status').filter({ hasText: 'VAT status mismatch.' });
      await warning.waitFor();
      await warning.getByText(SUBSTITUTE.name).waitFor();
      await main(page).getByRole('button', { name: 'Substitute', exact: true }).click();
      await toast(page, 'The substitute was instructed.');
      // Back to the booking, at the placement.
      await page.waitForURL(
        new RegExp(`/bookings/${journey.bookingId}/edit\\?placementId=${placement.id}$`),
      );
      await rowOf(page, placement, SUBSTITUTE.name).waitFor();
      const after = await getBooking(page);
      const p = after.placements.find((x) => x.id === placement.id);
      const sub = p.instructions.find((i) => i.user.fullName === SUBSTITUTE.name);
      assert.ok(sub, 'the substitute holds an instruction');
      assert.equal(sub.substitutionOfId, incumbent.id);
      const old = p.instructions.find((i) => i.id === incumbent.id);
      assert.equal(old.supplierStatus, 'cancelled');
    });
  });
});

describe('availability', () => {
  test('a freelancer marks and clears unavailable dates', async () => {
    await withPage(
      browser,
      'bookings-availability',
      async (page) => {
        await signIn(page, SUBSTITUTE.email);
        // A phone shows the navigation behind its button.
        await page.getByRole('banner').getByRole('button', { name: 'Open navigation' }).click();
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Availability' })
          .first()
          .click();
        await page.waitForURL(/\/availability$/);
        await main(page).getByRole('heading', { name: 'Mark Availability' }).waitFor();
        await main(page).getByText('You have not marked any dates as unavailable.').waitFor();
        await settled(page);
        await checkA11y(page, 'availability');
        await main(page)
          .getByRole('button', { name: /Next month/i })
          .click();
        await main(page).getByRole('button', { name: /^20 / }).first().click();
        await main(page).getByRole('button', { name: /^21 / }).first().click();
        await main(page).getByRole('button', { name: 'Unavailable', exact: true }).click();
        await toast(page, 'Marked 2 dates as unavailable.');
        const list = main(page).getByTestId('unavailable-dates');
        await list.waitFor();
        assert.equal(await list.getByRole('listitem').count(), 2);
        await main(page).getByRole('button', { name: /^20 / }).first().click();
        await main(page).getByRole('button', { name: 'Available', exact: true }).click();
        await toast(page, 'Marked 1 date as available.');
        await list.getByRole('listitem').nth(1).waitFor({ state: 'detached' });
        assert.equal(await list.getByRole('listitem').count(), 1);
      },
      { mobile: true },
    );
  });
});
