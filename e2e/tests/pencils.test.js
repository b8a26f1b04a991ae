// Pencils, the story they are built for: the Evening News pencils Felix for three days as
// a first hold; the Sport desk pencils him for the same days through the Invite dialog and gets
// the second hold, with no word of whose the first is; it challenges; the first holder does not
// answer within the challenge time (24 h, passed with the test clock), so the first hold is
// released and the Sport desk's moves up to first; Felix confirms it from his agenda and is
// booked. Every step waits on state, never on time.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { nextMonthDay } from '../offers.js';
import {
  advanceClock,
  apiCall,
  checkA11y,
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

const FIRST_TITLE = 'Pencils E2E Evening News';
const SECOND_TITLE = 'Pencils E2E Match Cover';
// The demo keeps Felix's accepted work off days 8–10 of next month.
const DATES = [8, 9, 10].map(nextMonthDay);

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);
const main = (page) => page.getByRole('main');
const placementsRegion = (page) => main(page).getByRole('region', { name: 'Placements' });
const pencilsRegion = (page) => main(page).getByRole('region', { name: 'Pencils' });

/**
 * As the signed-in manager: books `placement` of the demo template `job` on DATES under
 * `title`; returns the booking and Felix's user id.
 */
async function bookDays(page, { job, placement, title }) {
  const briefs = await call(page, 'GET', '/job/brief');
  const brief = briefs.find((b) => b.title === job);
  assert.ok(brief, `the demo job template ${job} exists`);
  const template = await call(page, 'GET', `/job-template/${brief.id}`);
  const pt = template.placementTemplates.find((p) => p.title === placement);
  const booking = await call(page, 'POST', '/booking', {
    jobTemplateId: brief.id,
    title,
    dates: DATES,
    placementTemplateIds: [pt.id],
    periodType: 'custom',
    type: 'default',
  });
  const ids = booking.placements.map((p) => p.id).join('&placementIds=');
  const suppliers = await call(
    page,
    'GET',
    `/booking/${booking.id}/placement-template/${pt.id}/available-suppliers?placementIds=${ids}`,
  );
  const felix = suppliers.items.find((s) => s.user.email === 'freelancer@hive.test');
  assert.ok(felix, `Felix may be instructed by ${job}'s department`);
  return { booking, felixId: felix.user.id };
}

/** Felix's instructions in booking id, read in the page's session. */
async function felixHolds(page, id, felixId) {
  const b = await call(page, 'GET', `/booking/${id}`);
  return b.placements.flatMap((p) => p.instructions.filter((i) => i.userId === felixId));
}

describe('pencils', () => {
  test('a second pencil challenges the first, which lapses; the challenger moves up and Felix confirms', async () => {
    let first;
    let second;
    let felixId;

    // The Evening News (News, managed by manager@) pencils Felix first, through the API.
    await withPage(browser, 'pencils-first', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      let booking;
      ({ booking, felixId } = await bookDays(page, {
        job: 'Evening News',
        placement: 'Autocue Operator',
        title: FIRST_TITLE,
      }));
      const ids = booking.placements.map((p) => p.id);
      const res = await call(page, 'POST', `/placement/${ids[0]}/grant`, {
        userIds: [felixId],
        placementIds: ids,
        kind: 'hold',
      });
      assert.equal(res.inserted, 3);
      first = booking.id;
    });

    // The Sport desk (dept@) pencils Felix for the same days in the Invite dialog.
    await withPage(browser, 'pencils-second', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      const { booking } = await bookDays(page, {
        job: 'Premier League Football',
        placement: 'Camera Operator',
        title: SECOND_TITLE,
      });
      second = booking.id;
      await page.goto(`${hive.url}/bookings/${second}/edit`);
      const grid = placementsRegion(page);
      await grid.getByRole('grid').waitFor();
      const rows = grid.getByRole('row', { name: /No user assigned/ });
      await rows.first().waitFor();
      for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
      await grid.getByText('3 selected').waitFor();
      await grid
        .getByRole('toolbar', { name: 'Placement actions' })
        .getByRole('button', { name: 'Invite', exact: true })
        .click();
      const modal = page.getByRole('dialog', { name: 'Invite' });
      await modal.getByRole('checkbox', { name: 'Invite Felix Reid' }).check();
      // The segmented control's radio is under its label, which takes the click.
      await modal.getByText('Pencil (hold)', { exact: true }).click();
      assert.ok(await modal.getByRole('radio', { name: 'Pencil (hold)' }).isChecked());
      await checkA11y(page, 'invite: pencil');
      await modal.getByRole('button', { name: 'Pencil (1)' }).click();
      await toast(page, 'Placed 3 new holds. Skipped 0 existing instructions.');
      await modal.waitFor({ state: 'hidden' });

      // Second on every day; the first's booking and client are not named anywhere.
      const felix = pencilsRegion(page).getByRole('listitem').filter({ hasText: 'Felix Reid' });
      await felix.getByRole('status', { name: '2nd hold: a higher hold exists' }).waitFor();
      await felix.getByText('A higher hold exists').waitFor();
      assert.equal(await felix.getByRole('button', { name: 'Confirm hold' }).count(), 0);
      assert.ok(!(await main(page).innerText()).includes(FIRST_TITLE));
      await checkA11y(page, 'booking with a second pencil');

      // Challenge: the first holder now has until the deadline.
      await felix.getByRole('button', { name: 'Challenge' }).click();
      const ask = page.getByRole('dialog', {
        name: 'Challenge the higher holds?',
      });
      await ask.waitFor();
      await checkA11y(page, 'challenge dialog');
      await ask.getByRole('button', { name: 'Challenge' }).click();
      await toast(page, 'Challenged 3 higher holds.');
      await felix.getByText(/^Challenge open until /).waitFor();
      assert.equal(await felix.getByRole('button', { name: 'Challenge' }).count(), 0);
    });

    // The first holder sees the challenge and its deadline, and lets it pass.
    await withPage(browser, 'pencils-challenged', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      await page.goto(`${hive.url}/bookings/${first}/edit`);
      const felix = pencilsRegion(page).getByRole('listitem').filter({ hasText: 'Felix Reid' });
      await felix.getByRole('status', { name: '1st hold' }).waitFor();
      await felix.getByText(/^Challenged: confirm or release by /).waitFor();
      await felix.getByRole('button', { name: 'Confirm hold' }).waitFor();
      await checkA11y(page, 'booking with a challenged pencil');
    });

    // 25 hours later the sweep has released the first hold; the challenger is first.
    await advanceClock(hive, '25h');
    await withPage(browser, 'pencils-after', async (page) => {
      await login(page, hive, 'dept@hive.test'); // the old sessions lapsed with the clock
      await page.waitForURL(/\/bookings$|\/$/);
      await waitForState(
        async () =>
          (await felixHolds(page, second, felixId)).every(
            (i) => i.holdRank === 1 && !i.higherHoldExists && i.challengingUntil === null,
          ),
        { what: 'the challenger moved up to the first hold' },
      );
      await page.goto(`${hive.url}/bookings/${second}/edit`);
      const felix = pencilsRegion(page).getByRole('listitem').filter({ hasText: 'Felix Reid' });
      await felix.getByRole('status', { name: '1st hold' }).waitFor();
      assert.equal(await felix.getByText('A higher hold exists').count(), 0);
      await felix.getByRole('button', { name: 'Confirm hold' }).waitFor();
    });

    // Felix sees the first hold on his agenda and confirms it: he is booked.
    await withPage(browser, 'pencils-felix', async (page) => {
      await login(page, hive, 'freelancer@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      await page.goto(`${hive.url}/agenda`);
      const cards = main(page)
        .getByRole('article')
        .filter({ hasText: new RegExp(`Booking ${second}(?!\\d)`) });
      await cards.first().waitFor();
      assert.equal(await cards.count(), 3);
      const card = cards.first();
      await card.getByRole('status', { name: '1st hold' }).waitFor();
      await checkA11y(page, 'agenda with a first pencil');
      await card.getByRole('button', { name: 'Confirm hold' }).click();
      await toast(page, 'Confirmed 3 days: the freelancer is booked.');
      const booked = await felixHolds(page, second, felixId);
      assert.deepEqual(
        booked.map((i) => [i.kind, i.supplierStatus, i.clientStatus]),
        Array(3).fill(['offer', 'accepted', 'accepted']),
      );
      // The released first hold says why.
      const lapsed = await call(page, 'GET', `/booking/${first}`);
      for (const p of lapsed.placements) {
        const i = p.instructions.find((x) => x.userId === felixId);
        assert.equal(i.clientStatus, 'cancelled');
        assert.equal(
          i.cancellationReason,
          'Hold released: not confirmed within the challenge time',
        );
      }
    });
  });
});
