// Expiring offers: a manager invites Felix with an answer-by time; Felix sees
// "Answer by" on Home; a day and an hour later (the server's test clock moved ahead, the
// deadlines worker woken by the move) the offer is cancelled with "Offer expired" on the
// manager's booking page and is gone from Felix's offers. Every wait is on state, never on time.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { bookCamera, nextMonthDay } from '../offers.js';
import {
  advanceClock,
  apiCall,
  checkA11y,
  journeySteps,
  login,
  useHive,
  waitForState,
  withPage,
} from '../harness.js';

let hive;
let browser;

useHive(
  (started, launched) => {
    hive = started;
    browser = launched;
  },
  { testClock: true },
);

const TITLE = 'Offer Expiry E2E';
const FELIX = 'Felix Reid';
const journey = { bookingId: 0 };
const step = journeySteps();

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const main = (page) => page.getByRole('main');
const placementsRegion = (page) => main(page).getByRole('region', { name: 'Placements' });
/** Felix's entry in the booking's Invitations section. */
const felixInvitation = (page) =>
  main(page).getByRole('region', { name: 'Invitations' }).getByRole('region', { name: FELIX });

async function openBooking(page) {
  await page.goto(`${hive.url}/bookings/${journey.bookingId}/edit`);
  await placementsRegion(page).getByRole('grid').waitFor();
}

/** Felix's instruction as the manager's API reads it. */
async function felixInstruction(page) {
  const b = await call(page, 'GET', `/booking/${journey.bookingId}`);
  return b.placements.flatMap((p) => p.instructions ?? []).find((i) => i.fullName === FELIX);
}

describe('offer expiry', () => {
  step('a manager invites Felix with an answer-by time', async () => {
    await withPage(browser, 'expiry-invite', async (page) => {
      await signIn(page, 'dept@hive.test');
      const { booking } = await bookCamera(hive, page, { title: TITLE, date: nextMonthDay(12) });
      journey.bookingId = booking.id;
      await openBooking(page);
      const row = placementsRegion(page).getByRole('row', { name: /No user assigned/ });
      await row.getByRole('checkbox').check();
      await placementsRegion(page)
        .getByRole('toolbar', { name: 'Placement actions' })
        .getByRole('button', { name: 'Invite', exact: true })
        .click();
      const modal = page.getByRole('dialog', { name: 'Invite' });
      await modal.getByRole('checkbox', { name: `Invite ${FELIX}` }).check();
      await modal.getByRole('button', { name: /Answer by/ }).click();
      // The picker's dropdown is rendered apart from the dialog.
      await page.getByRole('button', { name: 'In 1 day', exact: true }).click();
      await modal.getByRole('button', { name: /Answer by/ }).filter({ hasText: /\d{2}:\d{2}/ }).waitFor();
      // The picker's check button closes its dropdown (if the preset left it open).
      const set = page.getByRole('button', { name: 'Set the answer-by time' });
      if (await set.isVisible()) await set.click();
      await set.waitFor({ state: 'hidden' });
      await checkA11y(page, 'invite with an answer-by time');
      await modal.getByRole('button', { name: 'Invite (1)' }).click();
      await modal.waitFor({ state: 'hidden' });
      await felixInvitation(page).getByText(/^Answer by /).waitFor();
      await checkA11y(page, 'booking with an answer-by offer');
      const i = await felixInstruction(page);
      const hours = (new Date(i.answerBy).getTime() - Date.now()) / 3600e3;
      assert.ok(hours > 23 && hours <= 24, `answer by in ${hours} h`);
    });
  });

  step('Felix sees "Answer by" on his offer', async () => {
    await withPage(browser, 'expiry-freelancer', async (page) => {
      await signIn(page, 'freelancer@hive.test');
      await page.goto(`${hive.url}/`);
      const offer = page
        .getByRole('region', { name: 'Offers to answer' })
        .getByRole('listitem')
        .filter({ hasText: TITLE });
      await offer.getByText(/^Answer by /).waitFor();
      await checkA11y(page, 'home with an expiring offer');
    });
  });

  step('a day later the offer has expired: cancelled for the manager, gone for Felix', async () => {
    await advanceClock(hive, '25h');
    await withPage(browser, 'expiry-manager-after', async (page) => {
      // A fresh sign-in: the clock's jump ended every session.
      await signIn(page, 'dept@hive.test');
      await waitForState(async () => (await felixInstruction(page))?.clientStatus === 'cancelled', {
        what: 'the offer to expire',
      });
      const i = await felixInstruction(page);
      assert.equal(i.cancellationReason, 'Offer expired');
      assert.equal(i.supplierStatus, 'awaiting_response');
      await openBooking(page);
      const invitation = felixInvitation(page);
      await invitation.getByText('Offer expired', { exact: true }).waitFor();
      assert.equal(await invitation.getByText(/^Answer by /).count(), 0);
      await checkA11y(page, 'booking with an expired offer');
    });
    await withPage(browser, 'expiry-freelancer-after', async (page) => {
      await signIn(page, 'freelancer@hive.test');
      await page.goto(`${hive.url}/`);
      const region = page.getByRole('region', { name: 'Offers to answer' });
      // The list has loaded (its count line or its empty line), without the expired offer.
      await region.getByText(/awaiting your answer\.$/).waitFor();
      assert.equal(await region.getByRole('listitem').filter({ hasText: TITLE }).count(), 0);
    });
  });
});
