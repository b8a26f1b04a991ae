// The agency journey: the demo's agency manager (agency@hive.test, Pinnacle Talent) books for the
// department Harbour Studios gave the agency (Factual), offers the work to one of the agency's
// freelancers, sees her answer and confirms it from the agenda, and exports Financial Metrics
// holding that work and nothing of other clients. Their navigation shows what an agency manager
// may use and nothing of an administrator's; a Northbridge booking is not theirs to open
// (docs/decisions.md 'Agencies'). Every step goes through the UI; the API only reads results.
// In Chromium against a real hive.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import {
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

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const AGENCY = 'agency@hive.test';
const TALENT = { email: 'grace.adeyemi@hive.test', name: 'Grace Adeyemi' };
const TITLE = 'Agency E2E Coastline';
// Days of next month on which the demo books nobody of the agency (internal/bookings/demo).
const DAYS = [3, 4];

/** What the steps share. */
const journey = { bookingId: 0 };
const step = journeySteps();

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);
const main = (page) => page.getByRole('main');
const option = (page, name) => page.getByRole('listbox').getByRole('option', name);
const placementsRegion = (page) => main(page).getByRole('region', { name: 'Placements' });
const nav = (page) => page.getByRole('navigation', { name: 'Main navigation' });

async function openBooking(page) {
  await page.goto(`${hive.url}/bookings/${journey.bookingId}/edit`);
  await placementsRegion(page).getByRole('grid').waitFor();
}

/** Ticks every grid row naming `name`; returns how many. */
async function tickRows(page, name) {
  const rows = placementsRegion(page).getByRole('row', {
    name: new RegExp(name),
  });
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

const pad = (n) => String(n).padStart(2, '0');
/** Day `day` of next month as YYYY-MM-DD (the browser's clock, as the calendars use). */
function nextMonth(day) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + 1, day);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

describe('agency', () => {
  step(
    'the agency manager sees what an agency manager may use, and books for Factual',
    async () => {
      await withPage(browser, 'agency-book', async (page) => {
        await signIn(page, AGENCY);
        for (const link of ['Reports', 'Job Templates', 'Create or Connect User']) {
          await nav(page).getByRole('link', { name: link, exact: true }).waitFor();
        }
        for (const link of ['Configure Tags', 'Admin Guide']) {
          assert.equal(
            await nav(page).getByRole('link', { name: link, exact: true }).count(),
            0,
            link,
          );
        }
        await page.goto(`${hive.url}/bookings/create`);
        await main(page).getByRole('heading', { name: 'Create Booking' }).waitFor();
        const form = main(page).getByRole('form', { name: 'Create Booking' });
        await form.getByRole('combobox', { name: 'Job Template' }).click();
        // Only the templates of the department given to the agency.
        const listbox = page.getByRole('listbox');
        await option(page, { name: /Documentary Shoot/ }).waitFor();
        assert.equal(
          await listbox.getByRole('option', { name: /Premier League Football/ }).count(),
          0,
        );
        await option(page, { name: /Documentary Shoot/ }).click();
        await form.getByRole('checkbox', { name: /Sound Recordist/ }).uncheck();
        await form.getByRole('textbox', { name: 'Title' }).fill(TITLE);
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
        await checkA11y(page, 'create booking (agency)');
        await form.getByRole('button', { name: 'Create Booking' }).click();
        await toast(page, 'The booking was created with 2 placements.');
        await page.waitForURL(/\/bookings\/\d+\/edit$/);
        journey.bookingId = Number(page.url().match(/\/bookings\/(\d+)\/edit/)[1]);
        const booking = await call(page, 'GET', `/booking/${journey.bookingId}`);
        assert.equal(booking.clientName, 'Harbour Studios');
        assert.equal(booking.department.name, 'Factual');
        assert.deepEqual(
          booking.placements.map((p) => p.date),
          DAYS.map(nextMonth),
        );
      });
    },
  );

  step("the agency manager offers the work to one of the agency's freelancers", async () => {
    await withPage(browser, 'agency-offer', async (page) => {
      await signIn(page, AGENCY);
      await openBooking(page);
      assert.equal(await tickRows(page, 'No user assigned'), 2);
      await action(page, 'Invite');
      const modal = page.getByRole('dialog', { name: 'Invite' });
      await modal.getByText('Available suppliers for 2 placements').waitFor();
      await modal
        .getByRole('row', { name: new RegExp(TALENT.name) })
        .getByText('100%')
        .waitFor();
      await checkA11y(page, 'invite (agency)');
      await modal.getByRole('checkbox', { name: `Invite ${TALENT.name}` }).check();
      await modal.getByRole('button', { name: 'Invite (1)' }).click();
      await toast(page, 'Sent out 2 new instructions. Skipped 0 existing instructions.');
      await modal.waitFor({ state: 'hidden' });
      await placementsRegion(page)
        .getByRole('gridcell', { name: TALENT.name, exact: true })
        .first()
        .waitFor();
    });
  });

  step('the freelancer accepts on her side', async () => {
    await withPage(browser, 'agency-talent-accepts', async (page) => {
      await signIn(page, TALENT.email);
      await openBooking(page);
      assert.equal(await tickRows(page, TALENT.name), 2);
      await action(page, 'Accept');
      await toast(page, 'Successfully updated 2 instructions');
    });
  });

  step('the agency manager sees her answer in the agenda and confirms it', async () => {
    await withPage(browser, 'agency-agenda', async (page) => {
      await signIn(page, AGENCY);
      await page.goto(`${hive.url}/agenda`);
      const tabs = main(page).getByRole('tablist', { name: 'Agenda tabs' });
      const awaiting = tabs.getByRole('tab', {
        name: /^Awaiting Confirmation/,
      });
      await awaiting.waitFor();
      assert.equal(await awaiting.getAttribute('aria-selected'), 'true');
      await tabs.getByRole('tab', { name: /^Critical/ }).waitFor();
      const cards = main(page)
        .getByRole('article')
        .filter({
          hasText: new RegExp(`Booking ${journey.bookingId}(?!\\d)`),
        });
      await cards.first().waitFor();
      assert.equal(await cards.count(), 2);
      const card = cards.first();
      await card.getByText('Harbour Studios').first().waitFor();
      await card.getByText(TALENT.name).waitFor();
      await card.getByText(/Supplier: Accepted/).waitFor();
      await checkA11y(page, 'agenda (agency)');
      await card.getByRole('button', { name: /^Accept instruction/ }).click();
      await toast(page, 'Status updated');
      await waitForState(
        async () => {
          const b = await call(page, 'GET', `/booking/${journey.bookingId}`);
          const both = b.placements
            .flatMap((p) => p.instructions)
            .filter((i) => i.supplierStatus === 'accepted' && i.clientStatus === 'accepted');
          return both.length === 1;
        },
        { what: 'one instruction confirmed on both sides' },
      );
    });
  });

  step(
    'the agency manager exports Financial Metrics with that work and no other client',
    async () => {
      await withPage(browser, 'agency-report', async (page) => {
        await signIn(page, AGENCY);
        await nav(page).getByRole('link', { name: 'Reports', exact: true }).click();
        await main(page).getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
        // An agency manager exports Financial Metrics only (administrators the rest).
        assert.deepEqual(
          await main(page)
            .getByRole('button', { name: /^Export .* as CSV$/ })
            .allInnerTexts(),
          [
            await main(page)
              .getByRole('button', { name: 'Export Financial Metrics as CSV' })
              .innerText(),
          ],
        );
        await checkA11y(page, 'reports (agency)');
        // The range runs to the booking's last day, next month; the picker's controls are named.
        await main(page).getByRole('button', { name: 'End Date' }).click();
        const picker = page.getByRole('dialog');
        await picker.getByRole('button', { name: 'Next month' }).waitFor();
        await checkA11y(page, 'reports: the end date picker');
        await picker.getByRole('button', { name: 'Next month' }).click();
        await picker
          .getByRole('button', { name: new RegExp(`^${DAYS.at(-1)} `) })
          .first()
          .click();
        await picker.waitFor({ state: 'hidden' });
        const card = main(page).getByRole('region', {
          name: 'Financial Metrics',
          exact: true,
        });
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          card.getByRole('button', { name: 'Export Financial Metrics as CSV' }).click(),
        ]);
        const [header, ...rows] = parse(await readFile(await download.path()), {
          bom: true,
        });
        assert.equal(header[8], 'Chargeable Rate', 'no buy figures for an agency');
        assert.ok(!header.includes('Buy Rate'));
        assert.ok(rows.length > 0);
        for (const row of rows) {
          assert.deepEqual(
            row.slice(0, 2),
            ['Harbour Studios', 'Factual'],
            `another client's row: ${row}`,
          );
        }
        const ours = rows.filter((row) => row[4] === String(journey.bookingId));
        // The confirmed day is charged, the other (accepted by her, awaiting the agency) pipeline.
        assert.deepEqual(ours.map((row) => [row[6], row[8], row[11], row[12]]).sort(), [
          [TALENT.name, '300.00', 'Awaiting client', 'Pipeline'],
          [TALENT.name, '300.00', 'Confirmed', 'Confirmed'],
        ]);
        assert.deepEqual(ours.map((row) => row[5]).sort(), DAYS.map(nextMonth));
      });
    },
  );

  step("a Northbridge booking is not the agency's to open", async () => {
    await withPage(browser, 'agency-other-client', async (page) => {
      await signIn(page, 'dept@hive.test');
      const list = await call(page, 'GET', '/booking?page=1&pageSize=1');
      const northbridge = list.items[0].id;
      await page.context().clearCookies();
      await signIn(page, AGENCY);
      await page.goto(`${hive.url}/bookings/${northbridge}/edit`);
      await main(page)
        .getByText('There was an error loading this booking. You may not have access')
        .waitFor();
      assert.equal(await placementsRegion(page).count(), 0);
    });
  });
});
