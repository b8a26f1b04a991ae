// An offer in turn that runs out: a department manager offers one Camera Operator placement in
// turn to one demo freelancer, who declines. The booking page says 'Ran out: 0 of 1 filled' as a
// warning, with no Pause or Stop; the manager adds two candidates from the available suppliers,
// and the first of them is offered at once. The API books, starts the offer in turn and declines
// (as the manager answering for the freelancer); seeing and adding go through the UI. In
// Chromium against a real hive.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { bookCamera, nextMonthDay } from '../offers.js';
import { apiCall, checkA11y, journeySteps, login, toast, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const MANAGER = 'dept@hive.test';

/** What the steps share: the booking, its waterfall, and three demo freelancers ({ id, name }). */
const journey = { bookingId: 0, waterfallId: 0, candidates: [] };

const step = journeySteps();

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

async function signIn(page) {
  await login(page, hive, MANAGER);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const panelOf = (page) => page.getByRole('main').getByRole('region', { name: 'Offers in turn' });

describe('an offer in turn that ran out', () => {
  step('setup: offered in turn to one freelancer, who declines', async () => {
    await withPage(browser, 'ran-out-setup', async (page) => {
      await signIn(page);
      const { booking, camera } = await bookCamera(hive, page, {
        title: 'Ran Out E2E Match',
        date: nextMonthDay(14),
      });
      journey.bookingId = booking.id;
      const placement = booking.placements[0];
      const ranking = await call(
        page,
        'GET',
        `/booking/${booking.id}/placement-template/${camera.id}/available-suppliers?placementIds=${placement.id}`,
      );
      journey.candidates = ranking.items
        // Free ones: an offer in turn skips whoever is booked at the time.
        .filter(
          (s) =>
            /^[a-z.]+@hive\.test$/.test(s.user.email) &&
            !s.alreadyInstructed &&
            s.bookedPlacementIds.length === 0 &&
            !s.restWarning,
        )
        .slice(0, 3)
        .map((s) => ({ id: s.user.id, name: s.user.fullName }));
      assert.equal(journey.candidates.length, 3, 'three demo freelancers are available');
      const first = journey.candidates[0];
      const w = await call(page, 'POST', `/booking/${booking.id}/waterfall`, {
        placementIds: [placement.id],
        userIds: [first.id],
        places: 1,
        openAtOnce: 1,
        offerLifetimeMinutes: 240,
      });
      journey.waterfallId = w.id;
      const read = await call(page, 'GET', `/booking/${booking.id}`);
      const offer = read.placements[0].instructions.find((i) => i.userId === first.id);
      await call(page, 'PATCH', '/instruction/status', [
        { id: offer.id, supplierStatus: 'rejected' },
      ]);
      const after = await call(page, 'GET', `/booking/${booking.id}/waterfalls`);
      assert.equal(after.items[0].state, 'ran_out');
    });
  });

  step("the manager sees it ran out, with no pause or stop, and adds candidates", async () => {
    await withPage(browser, 'ran-out-add', async (page) => {
      await signIn(page);
      await page.goto(`${hive.url}/bookings/${journey.bookingId}/edit`);
      const panel = panelOf(page);
      const state = panel.getByTestId('waterfall-state');
      await state.getByText('Ran out: 0 of 1 filled', { exact: true }).waitFor();
      assert.equal(await state.getAttribute('data-colour'), 'orange');
      assert.equal(
        await panel.getByRole('button', { name: /^(Pause|Stop|Resume)$/ }).count(),
        0,
        'a finished offer in turn offers no pause or stop',
      );
      await panel.getByRole('button', { name: 'Start again' }).waitFor();
      await checkA11y(page, 'booking with an offer in turn that ran out');

      await panel.getByRole('button', { name: 'Add candidates' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add candidates' });
      const [, second, third] = journey.candidates;
      await dialog.getByRole('checkbox', { name: `Add ${second.name}` }).check();
      await dialog.getByRole('checkbox', { name: `Add ${third.name}` }).check();
      // The one who declined is on the list already and instructed: not offered again.
      assert.equal(
        await dialog.getByRole('checkbox', { name: `Add ${journey.candidates[0].name}` }).count(),
        0,
      );
      await checkA11y(page, 'add candidates to an offer in turn');
      await dialog.getByRole('button', { name: 'Add (2)' }).click();
      await toast(page, '2 freelancers added to the offer in turn.');
      await dialog.waitFor({ state: 'hidden' });
      await panel.getByText('0 of 1 place filled · 1 offer open').waitFor();
      await panel.getByRole('listitem', { name: new RegExp(`${second.name}: Offered`) }).waitFor();
      await panel.getByRole('listitem', { name: new RegExp(`${third.name}: Waiting`) }).waitFor();
      await panel.getByRole('button', { name: 'Pause' }).waitFor();
    });
  });
});
