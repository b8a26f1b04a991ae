// Offers awaiting an answer (issue 15 item 17): a freelancer with a new offer sees its count on
// the sidebar's Agenda item and the offer on Home; answering it on the agenda lowers the count
// and takes it off Home.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const BOOKING_TITLE = 'Home Offers E2E Cover';

/** Day 9 of next month as YYYY-MM-DD: the demo keeps Felix's accepted work off days 8–10. */
function nextMonthDay9() {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 9))
    .toISOString()
    .slice(0, 10);
}

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

const countOf = (n) => `${n} ${n === 1 ? 'offer' : 'offers'}`;

/** What the sidebar's Agenda link is called with n offers awaiting an answer. */
const agendaLinkName = (n) => (n === 0 ? 'Agenda' : `Agenda ${countOf(n)} awaiting your answer`);

/** As dept@: books the Camera Operator of the demo job template on one day and offers it to Felix. */
async function offerToFelix(page) {
  const briefs = await call(page, 'GET', '/job/brief');
  const job = briefs.find((b) => b.title === 'Premier League Football');
  assert.ok(job, 'the demo job template exists');
  const template = await call(page, 'GET', `/job-template/${job.id}`);
  const camera = template.placementTemplates.find((p) => p.title === 'Camera Operator');
  const booking = await call(page, 'POST', '/booking', {
    jobTemplateId: job.id,
    title: BOOKING_TITLE,
    dates: [nextMonthDay9()],
    placementTemplateIds: [camera.id],
    periodType: 'custom',
    type: 'default',
  });
  const placement = booking.placements[0];
  const suppliers = await call(
    page,
    'GET',
    `/booking/${booking.id}/placement-template/${camera.id}/available-suppliers?placementIds=${placement.id}`,
  );
  const felix = suppliers.items.find((s) => s.user.email === 'freelancer@hive.test');
  assert.ok(felix, 'Felix is an available supplier');
  const grant = await call(page, 'POST', `/placement/${placement.id}/grant`, {
    userIds: [felix.user.id],
    placementIds: [placement.id],
  });
  assert.equal(grant.inserted, 1);
  return booking.id;
}

describe('home: offers awaiting an answer', () => {
  test('the Agenda item counts the offer, Home lists it, answering it lowers the count', async () => {
    let bookingId;
    await withPage(browser, 'home-offers-setup', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$/);
      bookingId = await offerToFelix(page);
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
