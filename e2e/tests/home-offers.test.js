// Offers awaiting an answer: a freelancer with a new offer sees its count on
// the sidebar's Agenda item and the offer on Home; answering it on the agenda lowers the count
// and takes it off Home.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { nextMonthDay, offerToFelix } from '../offers.js';
import { apiCall, checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const BOOKING_TITLE = 'Home Offers E2E Cover';

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

const countOf = (n) => `${n} ${n === 1 ? 'offer' : 'offers'}`;

/** What the sidebar's Agenda link is called with n offers awaiting an answer. */
const agendaLinkName = (n) => (n === 0 ? 'Agenda' : `Agenda ${countOf(n)} awaiting your answer`);

describe('home: offers awaiting an answer', () => {
  test('the Agenda item counts the offer, Home lists it, answering it lowers the count', async () => {
    let bookingId;
    await withPage(browser, 'home-offers-setup', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$/);
      ({ bookingId } = await offerToFelix(hive, page, {
        title: BOOKING_TITLE,
        date: nextMonthDay(9),
      }));
    });

    await withPage(browser, 'home-offers-freelancer', async (page) => {
      await login(page, hive, 'freelancer@hive.test');
      await page.waitForURL(/\/bookings$/);
      const { offersAwaitingAnswer: offers } = await call(page, 'GET', '/account/whoami');
      assert.ok(offers >= 1, `whoami counts ${offers} offers`);

      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const agenda = nav.getByRole('link', {
        name: agendaLinkName(offers),
        exact: true,
      });
      await agenda.waitFor();

      // Home lists the new offer, linking to its booking.
      await nav.getByRole('link', { name: 'Home', exact: true }).click();
      const region = page.getByRole('region', { name: 'Offers to answer' });
      const offer = region.getByRole('listitem').filter({ hasText: BOOKING_TITLE });
      await offer.waitFor();
      assert.match(
        await offer.getByRole('link').getAttribute('href'),
        new RegExp(`^/bookings/${bookingId}/edit\\?placementId=\\d+$`),
      );
      await region.getByText(`${countOf(offers)} awaiting your answer.`).waitFor();
      await checkA11y(page, 'home with offers (freelancer)');
      // On a phone the list fits: nothing scrolls sideways.
      await page.setViewportSize({ width: 375, height: 812 });
      await offer.waitFor();
      await checkA11y(page, 'home with offers (phone)');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `Home scrolls sideways by ${overflow}px at 375 px`);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Answer it where Accept lives: the agenda's Outstanding tab.
      await region.getByRole('link', { name: 'Open your agenda' }).click();
      await page.waitForURL(/\/agenda\?tab=outstanding$/);
      const outstanding = page.getByRole('tabpanel', { name: /^Outstanding/ });
      const card = outstanding
        .getByRole('article')
        .filter({ hasText: new RegExp(`Booking ${bookingId}(?!\\d)`) });
      await card.getByRole('button', { name: 'Accept instruction' }).click();
      await card.waitFor({ state: 'detached' });

      // The count drops without a reload, and Home no longer lists the offer.
      await nav.getByRole('link', { name: agendaLinkName(offers - 1), exact: true }).waitFor();
      await nav.getByRole('link', { name: 'Home', exact: true }).click();
      await region.waitFor();
      await region
        .getByText(
          offers === 1
            ? 'You have no offers awaiting your answer.'
            : `${countOf(offers - 1)} awaiting your answer.`,
        )
        .waitFor();
      assert.equal(
        await region.getByRole('listitem').filter({ hasText: BOOKING_TITLE }).count(),
        0,
      );
    });
  });
});
