// The offer waterfall at small scale: a department manager offers one Camera
// Operator placement in turn to four demo freelancers, two places, two offers open at once, each
// open four hours. The first declines (as that freelancer) and the manager's open Offers in turn panel
// shows the offer pass to the third without a reload (polling); the second accepts; the clock
// moves five hours and the third's unanswered offer expires, passing to the fourth, who accepts:
// the panel says it is done with both places filled, and offers no pause or stop. Every step goes through the UI; the API only books the
// placement, finds the ranking and reads results. In Chromium against a real hive on a test clock.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { nextMonthDay } from '../offers.js';
import {
  advanceClock,
  apiCall,
  checkA11y,
  journeySteps,
  login,
  toast,
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

const MANAGER = 'dept@hive.test';
const TITLE = 'Waterfall E2E Match';

/** What the steps share: the booking, and the four candidates in rank order ({ email, name }). */
const journey = { bookingId: 0, candidates: [] };

const step = journeySteps();

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const main = (page) => page.getByRole('main');
const placementsRegion = (page) => main(page).getByRole('region', { name: 'Placements' });
const waterfallRegion = (page) => main(page).getByRole('region', { name: 'Offers in turn' });

async function openBooking(page) {
  await page.goto(`${hive.url}/bookings/${journey.bookingId}/edit`);
  await placementsRegion(page).getByRole('grid').waitFor();
}

/** Waits until the panel's row of candidate n (0-based) shows state. */
async function candidateShows(page, n, state) {
  await waterfallRegion(page)
    .getByRole('listitem', { name: new RegExp(`${journey.candidates[n].name}: ${state}`) })
    .waitFor();
}

/** As candidate n: open the booking, tick their row and answer it ('Accept' or 'Reject'). */
async function answerAs(n, answer) {
  const who = journey.candidates[n];
  await withPage(browser, `waterfall-${answer}-${n}`, async (page) => {
    await signIn(page, who.email);
    await openBooking(page);
    const row = placementsRegion(page).getByRole('row', { name: new RegExp(who.name) });
    await row.getByRole('checkbox').check();
    await placementsRegion(page)
      .getByRole('toolbar', { name: 'Placement actions' })
      .getByRole('button', { name: answer, exact: true })
      .click();
    await toast(page, 'Successfully updated 1 instruction');
  });
}

/** The waterfall as the API reads it (in the page's session). */
const waterfallOf = async (page) =>
  (await call(page, 'GET', `/booking/${journey.bookingId}/waterfalls`)).items[0];

describe('offer waterfall journey', () => {
  step('setup: a Camera Operator placement and four ranked demo freelancers', async () => {
    await withPage(browser, 'waterfall-setup', async (page) => {
      await signIn(page, MANAGER);
      const job = (await call(page, 'GET', '/job/brief')).find(
        (b) => b.title === 'Premier League Football',
      );
      const template = await call(page, 'GET', `/job-template/${job.id}`);
      const camera = template.placementTemplates.find((p) => p.title === 'Camera Operator');
      const booking = await call(page, 'POST', '/booking', {
        jobTemplateId: job.id,
        title: TITLE,
        dates: [nextMonthDay(12)],
        placementTemplateIds: [camera.id],
        periodType: 'custom',
        type: 'default',
      });
      journey.bookingId = booking.id;
      const placement = booking.placements[0];
      const ranking = await call(
        page,
        'GET',
        `/booking/${booking.id}/placement-template/${camera.id}/available-suppliers?placementIds=${placement.id}`,
      );
      // The named demo freelancers sign in with the demo password; the generated crew is not used.
      journey.candidates = ranking.items
        .filter((s) => /^[a-z.]+@hive\.test$/.test(s.user.email) && s.availability === 1)
        .slice(0, 4)
        .map((s) => ({ email: s.user.email, name: s.user.fullName }));
      assert.equal(journey.candidates.length, 4, 'four demo freelancers are available');
    });
  });

  step('the manager offers the placement in turn: the first two get the offer', async () => {
    await withPage(browser, 'waterfall-start', async (page) => {
      await signIn(page, MANAGER);
      await openBooking(page);
      await placementsRegion(page)
        .getByRole('row', { name: /No user assigned/ })
        .getByRole('checkbox')
        .check();
      await placementsRegion(page)
        .getByRole('toolbar', { name: 'Placement actions' })
        .getByRole('button', { name: 'Invite', exact: true })
        .click();
      const modal = page.getByRole('dialog', { name: 'Invite' });
      await modal.getByText('Offer in turn').click();
      const form = modal.getByRole('form', { name: 'Offer in turn' });
      // Add them in reverse, then put the first back on top by keyboard.
      // A ticked supplier moves from the suppliers to the list, so the tick is a click.
      for (const who of [...journey.candidates.slice(1)].reverse()) {
        await form.getByRole('checkbox', { name: `Add ${who.name} to the list` }).click();
      }
      await form
        .getByRole('checkbox', { name: `Add ${journey.candidates[0].name} to the list` })
        .click();
      const ranked = form.getByRole('list', { name: /Offer in this order/ });
      for (let i = 0; i < 3; i++) {
        await form.getByRole('button', { name: `Move ${journey.candidates[0].name} up` }).focus();
        await page.keyboard.press('Enter');
      }
      // Candidates 2-4 were added 4, 3, 2: move 2 above 3 and 4, and 3 above 4.
      for (const [n, times] of [
        [1, 2],
        [2, 1],
      ]) {
        for (let i = 0; i < times; i++) {
          await form
            .getByRole('button', { name: `Move ${journey.candidates[n].name} up` })
            .click();
        }
      }
      assert.deepEqual(
        await ranked.getByRole('listitem').evaluateAll((items) =>
          items.map((li) => li.getAttribute('aria-label')),
        ),
        journey.candidates.map((c, i) => `${i + 1}. ${c.name}`),
      );
      await form.getByRole('textbox', { name: 'Places to fill' }).fill('2');
      await form.getByRole('textbox', { name: 'Offers open at once' }).fill('2');
      await form.getByRole('combobox', { name: 'Each offer expires after' }).selectOption('240');
      await checkA11y(page, 'invite: offer in turn');
      await form.getByRole('button', { name: 'Start offers (4)' }).click();
      await toast(page, 'Offering 2 places in turn to 4 freelancers.');
      await modal.waitFor({ state: 'hidden' });
      await waterfallRegion(page).getByText('0 of 2 places filled · 2 offers open').waitFor();
      await candidateShows(page, 0, 'Offered');
      await candidateShows(page, 1, 'Offered');
      await candidateShows(page, 2, 'Waiting');
      await candidateShows(page, 3, 'Waiting');
      await checkA11y(page, 'booking with its offer in turn');
    });
  });

  step('the first declines and the open panel shows the offer pass to the third', async () => {
    await withPage(browser, 'waterfall-decline', async (page) => {
      await signIn(page, MANAGER);
      await openBooking(page);
      await candidateShows(page, 0, 'Offered');
      await answerAs(0, 'Reject');
      // No reload: the panel polls while the waterfall runs.
      await candidateShows(page, 0, 'Declined');
      await candidateShows(page, 2, 'Offered');
      const w = await waterfallOf(page);
      assert.deepEqual(
        w.candidates.map((c) => c.state),
        ['declined', 'offered', 'offered', 'pending'],
      );
    });
  });

  step('the second accepts', async () => {
    await answerAs(1, 'Accept');
    await withPage(browser, 'waterfall-accepted', async (page) => {
      await signIn(page, MANAGER);
      await openBooking(page);
      await waterfallRegion(page).getByText('1 of 2 places filled · 1 offer open').waitFor();
      await candidateShows(page, 1, 'Accepted');
    });
  });

  step("five hours on, the third's offer has expired and the fourth has it", async () => {
    await advanceClock(hive, '5h');
    await withPage(browser, 'waterfall-expired', async (page) => {
      await signIn(page, MANAGER);
      await waitForState(
        async () => (await waterfallOf(page)).candidates[2].state === 'expired',
        { what: "the third's offer to expire" },
      );
      await openBooking(page);
      await candidateShows(page, 2, 'Expired');
      await candidateShows(page, 3, 'Offered');
    });
  });

  step('the fourth accepts: both places are filled', async () => {
    await answerAs(3, 'Accept');
    await withPage(
      browser,
      'waterfall-filled',
      async (page) => {
        await signIn(page, MANAGER);
        await openBooking(page);
        const panel = waterfallRegion(page);
        await panel.getByText('Done: 2 of 2 filled', { exact: true }).waitFor();
        // Finished: nothing to pause or stop, and nothing to start again.
        assert.equal(
          await panel.getByRole('button', { name: /^(Pause|Stop|Resume|Start again)$/ }).count(),
          0,
        );
        await checkA11y(page, 'booking with a filled offer in turn, phone');
      },
      { mobile: true },
    );
  });
});
