// Agenda: a freelancer on a phone accepts an outstanding instruction from its card, the
// card moves to Confirmed, and the placement is in their calendar feed; a department
// manager sees the Critical tab with its count; staff, read-only, see the cards without
// Accept or Reject. Every locator is scoped to its region.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { nextMonthDay, offerToFelix } from '../offers.js';
import { apiCall, checkA11y, login, toast, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const BOOKING_TITLE = 'Agenda E2E Cover';

/** The API in the page's session (harness apiCall). */
const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

/** The page's own content, the agenda's tab list, and the toasts. */
const main = (page) => page.getByRole('main');
const tabs = (page) => main(page).getByRole('tablist', { name: 'Agenda tabs' });

/** The card of a booking (its id, not a longer one) in the page's content. */
const cardOf = (page, bookingId, text) =>
  main(page)
    .getByRole('article')
    .filter({ hasText: new RegExp(`Booking ${bookingId}(?!\\d)`) })
    .filter({ hasText: text });

/**
 * As dept@: offers Felix the demo Camera Operator on day 8 of next month, confirmed by the
 * client. Returns the booking, its placement and Felix's instruction ids.
 */
async function bookFelix(page) {
  const { bookingId, placementId, instructionId } = await offerToFelix(hive, page, {
    title: BOOKING_TITLE,
    date: nextMonthDay(8),
  });
  // The client confirms first, so Felix's acceptance completes the instruction.
  await call(page, 'PATCH', '/instruction/status', [{ id: instructionId, clientStatus: 'accepted' }]);
  return { bookingId, placementId, instructionId };
}

describe('agenda', () => {
  test('a freelancer on a phone accepts from the agenda; the card moves and the feed has it', async () => {
    let booked;
    await withPage(browser, 'agenda-setup', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      booked = await bookFelix(page);
    });

    await withPage(
      browser,
      'agenda-freelancer',
      async (page) => {
        await page.setViewportSize({ width: 375, height: 812 });
        await login(page, hive, 'freelancer@hive.test');
        await page.waitForURL(/\/bookings$|\/$/);
        await page.goto(`${hive.url}/agenda`);
        const outstanding = tabs(page).getByRole('tab', { name: /^Outstanding/ });
        await outstanding.waitFor();
        assert.equal(await outstanding.getAttribute('aria-selected'), 'true');
        assert.equal(
          await tabs(page)
            .getByRole('tab', { name: /Critical/ })
            .count(),
          0,
        );
        const card = cardOf(page, booked.bookingId, BOOKING_TITLE);
        await card.waitFor();
        await card.getByText('Department time (Europe/London):').waitFor();
        await checkA11y(page, 'agenda (freelancer, phone)');

        // Fits a 375 px screen: nothing scrolls sideways but the tab list, buttons are thumb-sized.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
        const accept = card.getByRole('button', { name: 'Accept instruction' });
        const box = await accept.boundingBox();
        assert.ok(box && box.height >= 44, `Accept is ${box?.height}px tall`);

        await accept.click();
        await toast(page, 'Status updated');
        await card.waitFor({ state: 'detached' });

        // Both sides accepted, in the future: Confirmed (spec §2).
        await tabs(page)
          .getByRole('tab', { name: /^Confirmed/ })
          .click();
        await page.waitForURL(/\?tab=confirmed$/);
        await card.waitFor();
        await card.getByText('Supplier: Accepted · Client: Accepted').waitFor();
        assert.equal(await card.getByRole('button', { name: /Accept instruction/ }).count(), 0);
        await page.reload();
        await card.waitFor();
        const tab = tabs(page).getByRole('tab', { name: /^Confirmed/ });
        assert.equal(await tab.getAttribute('aria-selected'), 'true');

        // The calendar feed: the link appears on demand and serves the accepted placement.
        const panel = main(page).getByRole('region', { name: 'Subscribe to your calendar' });
        await panel.getByRole('button', { name: 'Get calendar link' }).click();
        const link = panel.getByRole('textbox', { name: 'Calendar link' });
        await link.waitFor();
        const url = await link.inputValue();
        assert.match(url, /\/api\/v1\/calendar\/[^/]+\.ics$/);
        const webcal = await panel
          .getByRole('link', { name: 'Open in your calendar app' })
          .getAttribute('href');
        assert.equal(webcal, url.replace(/^https?:\/\//, 'webcal://'));
        await checkA11y(page, 'agenda calendar feed panel');
        const ics = await page.request.get(url);
        assert.equal(ics.status(), 200);
        assert.match(ics.headers()['content-type'], /^text\/calendar/);
        const text = (await ics.text()).replace(/\r\n[ \t]/g, ''); // unfold RFC 5545 lines
        assert.ok(text.includes(`UID:instruction-${booked.instructionId}@hive`), text);
        assert.ok(text.includes(`SUMMARY:Camera Operator – ${BOOKING_TITLE}`), text);
      },
      { mobile: true },
    );
  });

  test('a department manager sees the Critical tab with its count', async () => {
    await withPage(browser, 'agenda-manager', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      await page.goto(`${hive.url}/agenda`);
      const awaiting = tabs(page).getByRole('tab', { name: /^Awaiting Confirmation/ });
      await awaiting.waitFor();
      assert.equal(await awaiting.getAttribute('aria-selected'), 'true');
      const stats = await call(page, 'GET', '/agenda/stats?as=manager');
      const critical = tabs(page).getByRole('tab', { name: `Critical ${stats.critical}` });
      await critical.waitFor();
      const colour = await critical.locator('[data-colour]').getAttribute('data-colour');
      assert.equal(colour, stats.critical === 0 ? 'green' : 'red');
      await main(page)
        .getByRole('article')
        .first()
        .or(main(page).getByText(/^Nothing awaiting/))
        .waitFor();
      // The demo's supplier-accepted instructions await the manager's answer: Accept is offered.
      await main(page)
        .getByRole('button', { name: /^Accept instruction/ })
        .first()
        .waitFor();
      await checkA11y(page, 'agenda (manager)');
      await critical.click();
      await page.waitForURL(/\?tab=critical$/);
      await main(page)
        .getByRole('article')
        .first()
        .or(main(page).getByText(/^Nothing critical/))
        .waitFor();
      await checkA11y(page, 'agenda critical tab');
    });
  });

  test('staff, read-only, see the cards but no Accept or Reject', async () => {
    await withPage(browser, 'agenda-staff', async (page) => {
      await login(page, hive, 'staff@hive.test');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      // Every demo card awaiting an answer is in the staff member's view of Northbridge.
      const list = await call(page, 'GET', '/agenda?as=manager&tab=awaiting_confirmation');
      const rows = list.items.flatMap((c) => c.instructions);
      assert.ok(rows.length > 0, 'staff see instructions awaiting confirmation');
      assert.ok(
        rows.every((i) => !i.canAccept && !i.canReject && !i.canCancel && !i.canSubstitute),
        'the server gives staff no action',
      );
      await page.goto(`${hive.url}/agenda?tab=awaiting_confirmation`);
      await main(page).getByRole('article').first().waitFor();
      assert.equal(
        await main(page)
          .getByRole('button', { name: /(Accept|Reject) instruction/ })
          .count(),
        0,
      );
      await checkA11y(page, 'agenda (staff)');
    });
  });
});
