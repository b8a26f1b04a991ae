// Change acknowledgement: a manager moves the start of a placement Felix (the demo freelancer)
// accepted, in the booking page's Amend Placements dialog; Felix, whose browser is in another
// zone than the department, sees the change, before and after, in both zones on his agenda and
// acknowledges it; the manager's Critical tab lists the change until then and clears after.
// (Acknowledging from a pushed notification is push.test.js's.) The calendar feed,
// parsed with Mozilla's ical.js, says the same at each step, and keeps the placement as
// CANCELLED, with its reason, once it is cancelled.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import { nextMonthDay, offerToFelix } from '../offers.js';
import { apiCall, checkA11y, journeySteps, login, toast, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const BOOKING_TITLE = 'Acknowledge Change E2E Final';
const MARK = '[Changed, please acknowledge] ';

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

/** 'HH:mm' an hour earlier. */
const hourEarlier = (hhmm) => {
  const [h, m] = hhmm.split(':').map(Number);
  return `${String(h - 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
};

/** The feed's event of the instruction, read as a calendar application reads it (no session). */
async function feedEvent(url, instructionId) {
  const res = await fetch(url);
  assert.equal(res.status, 200);
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  const vevent = calendar
    .getAllSubcomponents('vevent')
    .find((e) => e.getFirstPropertyValue('uid') === `instruction-${instructionId}@hive`);
  assert.ok(vevent, `the feed has instruction ${instructionId}`);
  const event = new ICAL.Event(vevent);
  return {
    summary: event.summary,
    status: vevent.getFirstPropertyValue('status'),
    sequence: event.sequence,
    description: event.description,
    start: event.startDate.toJSDate(),
  };
}

const main = (page) => page.getByRole('main');

/** 'HH:mm' of instant in zone. */
const clock = (instant, timeZone) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

/** The manager's Critical tab's card of the booking (Locator). */
const criticalCard = (page, bookingId) =>
  main(page)
    .getByRole('article')
    .filter({ hasText: new RegExp(`Booking ${bookingId}(?!\\d)`) });

describe('a change to an accepted placement is acknowledged', () => {
  const step = journeySteps();
  let booked; // bookingId, placementId, instructionId
  let placement; // as the booking page reads it before the move
  let feedUrl;
  let before; // the feed's event before the move

  step('Felix accepts an offer and subscribes to his calendar', async () => {
    await withPage(browser, 'acknowledge-setup', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$/);
      booked = await offerToFelix(hive, page, {
        title: BOOKING_TITLE,
        date: nextMonthDay(20),
      });
      const booking = await call(page, 'GET', `/booking/${booked.bookingId}`);
      placement = booking.placements[0];
      placement.startTime = placement.startTime.slice(0, 5);
      placement.endTime = placement.endTime.slice(0, 5);
    });
    await withPage(browser, 'acknowledge-accept', async (page) => {
      await login(page, hive, 'freelancer@hive.test');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await call(page, 'PATCH', '/instruction/status', [
        { id: booked.instructionId, supplierStatus: 'accepted' },
      ]);
      feedUrl = (await call(page, 'GET', '/agenda/feed')).url;
      assert.match(feedUrl, /\/api\/v1\/calendar\/[^/]+\.ics$/);
    });
    before = await feedEvent(feedUrl, booked.instructionId);
    assert.ok(!before.summary.startsWith(MARK), before.summary);
    assert.equal(before.status, 'TENTATIVE');
  });

  step(
    'the manager moves the start on the booking page; his Critical tab shows the change waiting',
    async () => {
      await withPage(browser, 'acknowledge-move', async (page) => {
        await login(page, hive, 'dept@hive.test');
        await page.waitForURL(/\/bookings$/);
        // The booking page's own Amend Placements dialog, on Felix's row.
        await page.goto(`${hive.url}/bookings/${booked.bookingId}/edit`);
        const placements = main(page).getByRole('region', { name: 'Placements' });
        await placements.getByRole('grid').waitFor();
        const felixRow = placements.getByRole('row', { name: /Felix Reid/ });
        await felixRow.getByText(`${placement.startTime}–${placement.endTime}`).waitFor();
        await felixRow.getByRole('checkbox').check();
        await placements.getByText('1 selected').waitFor();
        await placements
          .getByRole('toolbar', { name: 'Placement changes' })
          .getByRole('button', { name: 'Amend Placements' })
          .click();
        const dialog = page.getByRole('dialog', { name: 'Amend Placements' });
        await dialog.getByText('Amend 1 placement.').waitFor();
        const start = dialog.getByRole('textbox', { name: 'Start time' });
        assert.equal(await start.inputValue(), placement.startTime);
        await start.fill(hourEarlier(placement.startTime));
        await dialog.getByRole('button', { name: 'Amend Placements' }).click();
        await toast(page, 'Amended 1 placement.');
        await dialog.waitFor({ state: 'hidden' });
        await felixRow
          .getByText(`${hourEarlier(placement.startTime)}–${placement.endTime}`)
          .waitFor();
        const amended = (await call(page, 'GET', `/booking/${booked.bookingId}`)).placements[0];
        assert.equal(amended.startTime.slice(0, 5), hourEarlier(placement.startTime));
        assert.equal(amended.endTime.slice(0, 5), placement.endTime);

        await page.goto(`${hive.url}/agenda?tab=critical`);
        const card = criticalCard(page, booked.bookingId);
        await card.getByRole('group', { name: /^Change not acknowledged for/ }).waitFor();
        assert.equal(
          await card.getByRole('button', { name: /^Acknowledge/ }).count(),
          0,
          'a manager is offered no Acknowledge',
        );
        await checkA11y(page, 'agenda critical tab with a change waiting');
      });
      const moved = await feedEvent(feedUrl, booked.instructionId);
      assert.equal(moved.summary, MARK + before.summary);
      assert.equal(moved.start.getTime(), before.start.getTime() - 3600_000);
      assert.ok(
        moved.sequence > before.sequence,
        `sequence ${moved.sequence} > ${before.sequence}`,
      );
      before = moved;
    },
  );

  step(
    "Felix, in New York, sees before and after in his time and the department's and acknowledges",
    async () => {
      await withPage(
        browser,
        'acknowledge-freelancer',
        async (page) => {
          await login(page, hive, 'freelancer@hive.test');
          await page.waitForURL((url) => !url.pathname.startsWith('/login'));
          await page.goto(`${hive.url}/agenda?tab=awaiting_confirmation`);
          const card = main(page)
            .getByRole('article')
            .filter({
              hasText: new RegExp(`Booking ${booked.bookingId}(?!\\d)`),
            });
          const notice = card.getByRole('group', {
            name: /^Changed since you accepted/,
          });
          await notice.waitFor();
          // Each time line: its label, then 'Was: <period>' and 'Now: <period>'.
          const line = async (label) => {
            const entry = notice.getByRole('term').filter({ hasText: label });
            await entry.waitFor();
            return entry.evaluate((dt) => {
              const dds = [];
              for (let n = dt.nextElementSibling; n && n.tagName === 'DD'; n = n.nextElementSibling)
                dds.push(n.textContent);
              return dds;
            });
          };
          const moved = new Date(before.start);
          const was = new Date(moved.getTime() + 3600_000);
          const [yoursWas, yoursNow] = await line('Your time (America/New_York)');
          assert.match(yoursWas, new RegExp(`^Was: .* ${clock(was, 'America/New_York')} –`));
          assert.match(yoursNow, new RegExp(`^Now: .* ${clock(moved, 'America/New_York')} –`));
          const [deptWas, deptNow] = await line('Department time (Europe/London)');
          assert.match(deptWas, new RegExp(`^Was: .* ${placement.startTime} –`));
          assert.match(deptNow, new RegExp(`^Now: .* ${hourEarlier(placement.startTime)} –`));
          assert.notEqual(clock(was, 'America/New_York'), placement.startTime);
          await page.setViewportSize({ width: 375, height: 812 });
          await notice.waitFor();
          await checkA11y(page, 'agenda with a change to acknowledge (phone)');
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          assert.ok(overflow <= 0, `the agenda scrolls sideways by ${overflow}px on a phone`);
          // By keyboard: focus the button and press Enter.
          const acknowledge = notice.getByRole('button', {
            name: /^Acknowledge the change to/,
          });
          await acknowledge.focus();
          await page.keyboard.press('Enter');
          await toast(page, 'Change acknowledged');
          await notice.waitFor({ state: 'detached' });
          await card.getByText('Supplier: Accepted').waitFor();
        },
        { mobile: true, timezoneId: 'America/New_York' },
      );
      const acknowledged = await feedEvent(feedUrl, booked.instructionId);
      assert.equal(acknowledged.summary, before.summary.slice(MARK.length));
      assert.ok(acknowledged.sequence > before.sequence);
      before = acknowledged;
    },
  );

  step(
    "the manager's Critical tab clears; a cancellation shows CANCELLED in the feed",
    async () => {
      await withPage(browser, 'acknowledge-cleared', async (page) => {
        await login(page, hive, 'dept@hive.test');
        await page.waitForURL(/\/bookings$/);
        await page.goto(`${hive.url}/agenda?tab=critical`);
        await main(page)
          .getByRole('article')
          .first()
          .or(main(page).getByText(/^Nothing critical/))
          .waitFor();
        assert.equal(await criticalCard(page, booked.bookingId).count(), 0);
        await call(page, 'DELETE', '/placements', {
          ids: [placement.id],
          cancellationReason: 'Final postponed',
        });
      });
      const cancelled = await feedEvent(feedUrl, booked.instructionId);
      assert.equal(cancelled.status, 'CANCELLED');
      assert.match(cancelled.description, /^Cancelled: Final postponed/);
      assert.ok(cancelled.sequence > before.sequence);
    },
  );
});
