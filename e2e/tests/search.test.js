// The search journey: on demo data a department manager opens the advanced
// search from the top bar, asks for camera operators with Steadicam under 450 GBP a day within
// 25 miles of Salford who are free on every day of a date range, orders them by price, ticks five
// and presses Book, landing on
// booking creation with those dates chosen; the booking made there carries the freelancers on to
// Invite, where they are ticked. A global search for a demo booking's reference opens the
// booking. Staff and freelancers see no search box. axe finds no serious or critical violation
// on the modal and the panel, and at 375 px the panel fills the screen and still works. Every
// locator is scoped to its dialog, region or form; every wait is on state. In Chromium against a
// real hive.
//
// The demo's Sport department may hire a local crew of camera operators with Steadicam around
// Salford at under 450 GBP a day (internal/people/directory/store_demo.go, HireLocalCrew), so the whole
// journey runs on demo data through the UI.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, journeySteps, login, useHive, withPage, MONTHS } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

/** Manages the demo's Sport department (internal/accounts/store_demo.go). */
const DEPARTMENT_MANAGER = 'dept@hive.test';
const STAFF = 'staff@hive.test';
const FREELANCER = 'freelancer@hive.test';
/** A demo booking's reference (internal/bookings/demo) and its title. */
const BOOKING = { reference: 'DEMO-003', title: 'Saturday Highlights' };
/** Demo freelancers live in towns around Salford (internal/people/directory/store_demo.go). */
const TOWN = 'Salford';
/** The search's 'under 450 GBP a day'. */
const MAX_RATE = 450;

/** What the steps share. */
const journey = { freelancers: [], start: '', end: '', bookingId: 0 };

const step = journeySteps();

/** Year-month-day, days from today (UTC, as the server's dates). */
function isoFromToday(days) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** '3 December 2026': a day as the date pickers name it. */
const dayName = (iso) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
};

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.getByTestId('current-user-name').waitFor();
}

const banner = (page) => page.getByRole('banner');
const searchBox = (page) => page.getByRole('search').getByRole('textbox', { name: 'Search' });
const panel = (page) => page.getByRole('region', { name: 'Search results' });
const advanced = (page) => page.getByRole('dialog', { name: 'Freelancer Advanced Search' });
/** An option of the open select's list (rendered apart from its field). */
const option = (page, name) => page.getByRole('listbox').getByRole('option', name);

/** Opens a date picker and chooses the day, moving on month by month until it is shown. */
async function pickDate(page, field, iso) {
  await field.click();
  const [y, m] = iso.split('-').map(Number);
  const wanted = `${MONTHS[m - 1]} ${y}`;
  // The picker's own controls (the page behind may have a calendar of its own).
  const header = page.getByRole('button', { name: 'Choose a month' });
  const next = page
    .getByRole('button', { name: 'Next month' })
    .and(page.locator('[data-direction]'));
  for (let i = 0; i < 4 && (await header.innerText()) !== wanted; i++) await next.click();
  await page.getByRole('button', { name: dayName(iso), exact: true }).click();
}

/** The answer of the next POST /search (the client's streamed body is not readable here). */
const nextSearch = (page) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/search') && r.request().method() === 'POST' && r.ok(),
  );


describe('search journey', () => {
  step('a department manager runs the advanced search and orders it by price', async () => {
    await withPage(browser, 'search-advanced', async (page) => {
      await signIn(page, DEPARTMENT_MANAGER);
      await banner(page).getByRole('button', { name: 'Add Filter' }).click();
      const dialog = advanced(page);
      await dialog.waitFor();
      await dialog.getByText('Every chosen skill and job title must match.').waitFor();

      await dialog.getByRole('combobox', { name: 'Currency' }).click();
      await option(page, { name: 'GBP', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'To' }).fill(String(MAX_RATE));
      await dialog.getByRole('combobox', { name: 'Job Titles' }).click();
      await option(page, { name: 'Camera Operator', exact: true }).click();
      // Close the list by clicking beside it (Escape would close the modal too).
      await dialog.getByText('Every chosen skill and job title must match.').click();
      await dialog.getByRole('combobox', { name: 'Skills' }).click();
      await option(page, { name: 'Steadicam', exact: true }).click();
      await dialog.getByText('Every chosen skill and job title must match.').click();

      await dialog.getByLabel('Location', { exact: true }).fill(TOWN);
      await page
        .getByRole('listbox', { name: 'Places' })
        .getByRole('option', { name: /^Salford, England/ })
        .click();
      await dialog.getByRole('combobox', { name: 'Radius' }).click();
      await option(page, { name: '25 miles' }).click();

      // A week well clear of the demo's bookings, so every demo camera operator is free.
      journey.start = isoFromToday(45);
      journey.end = isoFromToday(49);
      await dialog.getByRole('checkbox', { name: /Date Range/ }).check();
      const submit = dialog.getByRole('button', { name: 'Submit' });
      assert.equal(await submit.isDisabled(), true, 'Submit waits for both dates');
      await pickDate(page, dialog.getByRole('button', { name: 'Start Date' }), journey.start);
      await pickDate(page, dialog.getByRole('button', { name: 'End Date' }), journey.end);
      await checkA11y(page, 'the advanced search modal');

      const answered = nextSearch(page);
      await submit.click();
      await answered;
      await advanced(page).waitFor({ state: 'hidden' });
      assert.equal(await searchBox(page).inputValue(), '', 'Submit clears the text query');

      const results = panel(page);
      await results
        .getByRole('heading', { name: /result\(s\) for Freelancer Advanced Search/ })
        .waitFor();
      const tab = results.getByRole('tab', { name: /^Freelancer \(\d+\)$/ });
      const total = Number((await tab.innerText()).match(/\((\d+)\)/)[1]);
      assert.ok(total >= 5, `camera operators with Steadicam near ${TOWN}: ${total}`);
      // Every card is a camera operator within 25 miles.
      const cards = results.getByRole('article');
      for (let i = 0; i < total; i++) {
        const text = await cards.nth(i).innerText();
        assert.match(text, /Camera Operator/);
        const miles = Number(text.match(/Distance:\s*(\d+) miles/)?.[1] ?? NaN);
        assert.ok(miles <= 25, `within 25 miles: ${text.split('\n')[0]} at ${miles}`);
      }
      await checkA11y(page, 'the results panel');

      const byPrice = nextSearch(page);
      await results.getByRole('combobox', { name: 'Order By' }).click();
      await results.getByRole('option', { name: 'Price' }).click();
      await byPrice;

      // Cheapest first once the ordered answer is drawn, each under the bound.
      const rates = await page.waitForFunction(
        (n) => {
          const region = document.querySelector('[role="region"][aria-label="Search results"]');
          const cards = [...(region?.querySelectorAll('article') ?? [])];
          const rates = cards.map((c) =>
            Number(/Day rate:?\s*\D*([\d,]+(?:\.\d+)?)/.exec(c.innerText)?.[1].replace(/,/g, '') ?? NaN),
          );
          const sorted = rates.every((r, i) => i === 0 || rates[i - 1] <= r);
          return rates.length === n && sorted ? rates : null;
        },
        total,
      ).then((handle) => handle.jsonValue());
      assert.ok(rates.every((r) => r < MAX_RATE), `day rates under ${MAX_RATE}: ${rates}`);

      const book = results.getByRole('button', { name: 'Book' });
      assert.equal(await book.isDisabled(), true, 'Book needs a selection');
      const boxes = results.getByRole('checkbox', { name: /^Select / });
      const pick = 5;
      for (let i = 0; i < pick; i++) {
        const box = boxes.nth(i);
        journey.freelancers.push((await box.getAttribute('aria-label')).replace(/^Select /, ''));
        await box.check();
      }
      await results.getByText(`Selected: ${pick} / ${total}`).waitFor();

      await book.click();
      await page.waitForURL(/\/bookings\/create\?/);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('freelancers').split(',').length, pick);
      assert.equal(url.searchParams.get('start'), journey.start);
      assert.equal(url.searchParams.get('end'), journey.end);
      await panel(page).waitFor({ state: 'hidden' });

      // Booking creation has those dates and says who will be invited.
      const main = page.getByRole('main');
      await main.getByText('Dates (5 selected)').waitFor();
      await main.getByTestId('invite-prefill').getByText(`${pick} freelancer`).waitFor();
      const form = main.getByRole('form', { name: 'Create Booking' });
      await form.getByRole('combobox', { name: 'Job Template' }).click();
      await option(page, { name: /Premier League Football/ }).click();
      await form.getByRole('checkbox', { name: /Camera Operator/ }).waitFor();
      await form.getByRole('textbox', { name: 'Title' }).fill('E2E Search Booking');
      await form.getByRole('button', { name: 'Create Booking' }).click();
      await page.waitForURL(/\/bookings\/\d+\/edit\?invite=/);
      journey.bookingId = Number(page.url().match(/\/bookings\/(\d+)\/edit/)[1]);

      // Invite starts with them ticked.
      const placements = main.getByRole('region', { name: 'Placements' });
      const rows = placements.getByRole('row', { name: /Camera Operator/ });
      await rows.first().waitFor();
      await rows.first().getByRole('checkbox').check();
      await placements
        .getByRole('toolbar', { name: 'Placement actions' })
        .getByRole('button', { name: 'Invite', exact: true })
        .click();
      const invite = page.getByRole('dialog', { name: 'Invite' });
      await invite.getByRole('table').waitFor();
      for (const name of journey.freelancers) {
        const box = invite.getByRole('checkbox', { name: `Invite ${name}` });
        assert.equal(await box.isChecked(), true, `${name} is ticked for invitation`);
      }
      await invite
        .getByRole('button', { name: `Invite (${journey.freelancers.length})` })
        .waitFor();
    });
  });

  step("a global search for a booking's reference opens the booking", async () => {
    await withPage(browser, 'search-global', async (page) => {
      await signIn(page, DEPARTMENT_MANAGER);
      await searchBox(page).fill(BOOKING.reference);
      const results = panel(page);
      await results
        .getByRole('heading', { name: `1 result(s) for “${BOOKING.reference}”` })
        .waitFor();
      await results.getByRole('tab', { name: 'Bookings (1)', selected: true }).waitFor();
      const card = results.getByRole('article', { name: BOOKING.title });
      await card.getByText(`Reference: ${BOOKING.reference}`).waitFor();
      await checkA11y(page, 'the results panel of a global search');
      await card.getByRole('link', { name: 'View Booking' }).click();
      await page.waitForURL(/\/bookings\/\d+\/edit$/);
      await page.getByRole('main').getByRole('heading', { name: BOOKING.title }).waitFor();
      await panel(page).waitFor({ state: 'hidden' });
    });
  });

  step('Escape and an outside click close the panel', async () => {
    await withPage(browser, 'search-close', async (page) => {
      await signIn(page, DEPARTMENT_MANAGER);
      await searchBox(page).fill('camera');
      await panel(page)
        .getByRole('heading', { name: /result\(s\) for “camera”/ })
        .waitFor();
      await searchBox(page).press('Escape');
      await panel(page).waitFor({ state: 'hidden' });
      await searchBox(page).click();
      await panel(page).waitFor();
      await page.getByRole('contentinfo').click();
      await panel(page).waitFor({ state: 'hidden' });
    });
  });

  step('staff and freelancers see no search box', async () => {
    for (const email of [STAFF, FREELANCER]) {
      await withPage(browser, `search-hidden-${email}`, async (page) => {
        await signIn(page, email);
        assert.equal(await page.getByRole('search').count(), 0, `${email}: no search box`);
        assert.equal(
          await banner(page).getByRole('button', { name: 'Add Filter' }).count(),
          0,
          `${email}: no Add Filter`,
        );
        assert.equal(await banner(page).getByRole('button', { name: 'Search' }).count(), 0);
      });
    }
  });

  step('at 375 px the panel fills the screen and works', async () => {
    await withPage(browser, 'search-phone', async (page) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await signIn(page, DEPARTMENT_MANAGER);
      await banner(page).getByRole('button', { name: 'Search' }).click();
      await searchBox(page).fill('camera');
      const results = panel(page);
      await results.getByRole('heading', { name: /result\(s\) for “camera”/ }).waitFor();
      const box = await results.boundingBox();
      assert.equal(Math.round(box.width), 375, 'the panel is as wide as the screen');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= 375, `no sideways scroll (${scrollWidth} px)`);
      const first = results.getByRole('checkbox', { name: /^Select / }).first();
      await first.check();
      await results.getByText(/^Selected: 1 \/ \d+$/).waitFor();
      const book = results.getByRole('button', { name: 'Book' });
      assert.equal(await book.isEnabled(), true);
      const bookBox = await book.boundingBox();
      assert.ok(bookBox.x >= 0 && bookBox.x + bookBox.width <= 375, 'Book is on screen');
      await checkA11y(page, 'the results panel at 375 px');
      await results.getByRole('button', { name: 'Close search' }).click();
      await results.waitFor({ state: 'hidden' });
    });
  });
});
