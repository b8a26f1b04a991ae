// The scheduler: dept@ filters the month by department and status, saves a bookmark
// and applies it again, drags a range and creates a booking from the sidebar; a chip opens its
// booking; the freelancer marks days unavailable, which the month shows to them
// after a reload and to dept@, who may hire them, filtering on them; the grid
// page shows a late cancellation in red (made through the API: a placement tomorrow, cancelled
// now, inside Sport's two-day cancel window); on a phone the sidebar is a drawer. In Chromium
// against a real hive with the demo data (internal/bookings/demo: the current month's 12th has a
// green Camera Operator group, its 13th a purple and a red group). Every locator is scoped to its
// region: the calendar grid, the filter panel, the sidebar, a dialog, the one open listbox, or
// the page's main region.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, checkA11y, login, MONTHS, toast, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const MANAGER = 'dept@hive.test';
const FREELANCER = 'freelancer@hive.test';
const LATE_TITLE = 'Scheduler Late Cancellation';

/** The browser's current month and the next, as the calendar names them. */
function monthNames() {
  const now = new Date();
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return {
    current: `${MONTHS[now.getMonth()]} ${now.getFullYear()}`,
    next: `${MONTHS[next.getMonth()]} ${next.getFullYear()}`,
    currentMonth: now.getMonth(),
    nextMonth: next.getMonth(),
    nextYear: next.getFullYear(),
  };
}

/** The page's main region: everything but the sidebar, the top bar and the toasts. */
const main = (page) => page.getByRole('main');

/** The scheduler's month grid ('Scheduler, November 2026'). */
const calendar = (page, month) => main(page).getByRole('grid', { name: `Scheduler, ${month}` });

/** The filter panel (a section named by its 'Filters' heading). */
const filterPanel = (page) => main(page).getByRole('region', { name: 'Filters' });

/** The scheduler's sidebar beside the calendar. */
const sidebar = (page) => main(page).getByRole('complementary', { name: 'Sidebar' });

/** The option of the one open listbox (Mantine renders it in a portal, outside main). */
const option = (page, name) => page.getByRole('listbox').getByRole('option', { name });

/** Waits for the notification (role alert) holding text. */

/**
 * A day cell by its day of the month and month name ('12', 'November 2026'); rest is what its
 * name says after the date (default: its placement count and nothing else).
 */
const dayCell = (page, day, month, rest = '\\d+ placements?') =>
  calendar(page, month).getByRole('gridcell', {
    name: new RegExp(`^\\w+day ${day} ${month}, ${rest}$`),
  });

/** Signs in as email and opens the scheduler (query: '?month=...&userIds=...') at month. */
async function openScheduler(
  page,
  { email = MANAGER, query = '', month = monthNames().current } = {},
) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${hive.url}/bookings${query}`);
  await calendar(page, month).waitFor();
}

/** The API in the page's session (harness apiCall). */
const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

/** Books tomorrow's Camera Operator, instructs a freelancer and cancels the instruction now. */
async function lateCancellation(page) {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const briefs = await call(page, 'GET', '/job/brief');
  const job = briefs.find((b) => b.title === 'Premier League Football');
  assert.ok(job, 'the demo job template exists');
  const template = await call(page, 'GET', `/job-template/${job.id}`);
  const camera = template.placementTemplates.find((p) => p.title === 'Camera Operator');
  const booking = await call(page, 'POST', '/booking', {
    jobTemplateId: job.id,
    title: LATE_TITLE,
    dates: [tomorrow],
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
  const user = suppliers.items[0].user;
  await call(page, 'POST', `/placement/${placement.id}/grant`, {
    userIds: [user.id],
    placementIds: [placement.id],
  });
  const after = await call(page, 'GET', `/booking/${booking.id}`);
  const instruction = after.placements[0].instructions.find((i) => i.userId === user.id);
  await call(page, 'PATCH', '/instruction/status', [
    {
      id: instruction.id,
      clientStatus: 'cancelled',
      cancellationReason: 'Client - Placement Not Needed',
      version: instruction.version,
    },
  ]);
  return { month: tomorrow.slice(0, 7), fullName: user.fullName };
}

describe('scheduler', () => {
  test('dept@ filters by department and status, and re-applies a saved bookmark', async () => {
    await withPage(browser, 'scheduler-filters', async (page) => {
      await openScheduler(page);
      const { current } = monthNames();
      // Unfiltered, the 13th holds the Cup Replay's two placements.
      await dayCell(page, 13, current, '2 placements').waitFor();
      await checkA11y(page, 'scheduler');

      await main(page)
        .getByRole('button', { name: /^Filters/ })
        .click();
      const filters = filterPanel(page);
      await filters.getByRole('textbox', { name: 'Department' }).fill('Sport');
      await option(page, /^Sport/).click();
      await page.keyboard.press('Escape');
      await filters.getByRole('textbox', { name: 'Status' }).click();
      await option(page, /^Green/).click();
      await page.keyboard.press('Escape');
      await page.waitForURL(
        /departmentIds=\d+.*placementStatuses=green|placementStatuses=green.*departmentIds=\d+/,
      );
      // Green groups only: the 12th keeps its Camera Operator, the 13th has none.
      await dayCell(page, 13, current, '0 placements').waitFor();
      await dayCell(page, 12, current, '1 placement').waitFor();
      await checkA11y(page, 'scheduler with filters');

      await filters.getByRole('button', { name: 'Add Bookmark' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Bookmark' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Enter a description').waitFor();
      await dialog.getByRole('textbox', { name: /Description/ }).fill('Sport confirmed');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Saved the filters as Sport confirmed.');
      await dialog.waitFor({ state: 'hidden' });
      const saved = page.url();

      await filters.getByRole('button', { name: 'Clear filters' }).click();
      await dayCell(page, 13, current, '2 placements').waitFor();
      assert.ok(!page.url().includes('placementStatuses'), 'the filters are cleared');
      await filters.getByRole('combobox', { name: 'Bookmark' }).click();
      await option(page, 'Sport confirmed').click();
      await dayCell(page, 13, current, '0 placements').waitFor();
      assert.equal(new URL(page.url()).search, new URL(saved).search);

      // A reload keeps the filters (they live in the URL).
      await page.reload();
      await dayCell(page, 12, current, '1 placement').waitFor();
    });
  });

  test('dept@ drags a range next month and creates a booking from the sidebar', async () => {
    await withPage(browser, 'scheduler-create', async (page) => {
      await openScheduler(page);
      const { next } = monthNames();
      await main(page).getByRole('button', { name: 'Next month' }).click();
      await calendar(page, next).waitFor();
      const a = await dayCell(page, 16, next).boundingBox();
      const b = await dayCell(page, 18, next).boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + 10);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2, b.y + 10, { steps: 8 });
      await page.mouse.up();
      await main(page).getByText('3 days selected', { exact: true }).waitFor();
      for (const d of [16, 17, 18]) {
        assert.equal(await dayCell(page, d, next).getAttribute('aria-selected'), 'true');
      }

      await sidebar(page).getByRole('tab', { name: 'Create Booking' }).click();
      const form = sidebar(page).getByRole('form', { name: 'Create Booking' });
      await form.getByRole('combobox', { name: /Job Template/ }).click();
      await option(page, /^Premier League Football/).click();
      await form.getByRole('checkbox', { name: /Camera Operator/ }).waitFor();
      await form.getByRole('button', { name: 'Create Booking' }).click();
      await page.waitForURL(/\/bookings\/\d+\/edit/);
      // Its dates are the three dragged days, in range mode.
      await main(page)
        .getByText(/\(3 days, range\)/)
        .waitFor();
    });
  });

  test('a chip opens its booking and selects no day; Enter on a focused chip does too', async () => {
    await withPage(browser, 'scheduler-chip', async (page) => {
      await openScheduler(page);
      const { current } = monthNames();
      const day = dayCell(page, 12, current);
      const chip = day.getByRole('link', {
        name: /Camera Operator .*Confirmed$/,
      });
      const href = await chip.getAttribute('href');
      assert.match(href, /^\/bookings\/\d+\/edit\?placementId=\d+$/);
      // The pointer goes down on the chip and comes up two days on: no selection is started
      // (a drag from the 12th would select the 12th to the 14th).
      const before = await day.getAttribute('aria-selected');
      await chip.hover();
      await page.mouse.down();
      await dayCell(page, 14, current).hover();
      await page.mouse.up();
      assert.equal(await day.getAttribute('aria-selected'), before);
      await main(page).getByText('1 day selected', { exact: true }).waitFor();

      await chip.click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
      await main(page).getByRole('region', { name: 'Placements' }).waitFor();

      await page.goBack();
      await calendar(page, current).waitFor();
      await chip.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
    });
  });

  test('the freelancer marks two days unavailable: shown after a reload, and to dept@', async () => {
    const { next } = monthNames();
    const nextMonth = `${monthNames().nextYear}-${String(monthNames().nextMonth + 1).padStart(2, '0')}`;
    let felix;
    await withPage(browser, 'scheduler-unavailable', async (page) => {
      await openScheduler(page, {
        email: FREELANCER,
        query: `?month=${nextMonth}`,
        month: next,
      });
      felix = (await call(page, 'GET', '/account/whoami')).id;
      const view = main(page);
      await view.getByRole('button', { name: 'Clear', exact: true }).click();
      await view.locator('.mantine-SegmentedControl-label', { hasText: /^Custom$/ }).click();
      // On the day's number, above its chips (a chip opens its booking).
      await dayCell(page, 20, next).click({ position: { x: 8, y: 8 } });
      await dayCell(page, 21, next).click({ position: { x: 8, y: 8 } });
      await view.getByText('2 days selected', { exact: true }).waitFor();

      await sidebar(page).getByRole('tab', { name: 'Mark Availability' }).click();
      await sidebar(page).getByRole('button', { name: 'Unavailable', exact: true }).click();
      await toast(page, 'Marked 2 dates as unavailable.');
      for (const d of [20, 21]) {
        await dayCell(page, d, next, '\\d+ placements?, Unavailable')
          .getByText('Unavailable')
          .waitFor();
      }
      assert.equal(await dayCell(page, 22, next).count(), 1, 'the 22nd is not marked');
      await checkA11y(page, 'scheduler with unavailable days');

      // A reload keeps the month (in the URL) and shows the saved days.
      await page.reload();
      for (const d of [20, 21]) {
        await dayCell(page, d, next, '\\d+ placements?, Unavailable').waitFor();
      }
    });

    // dept@ manages Sport, which hires Felix: filtering on him shows his days, by name.
    await withPage(browser, 'scheduler-unavailable-manager', async (page) => {
      await openScheduler(page, {
        query: `?month=${nextMonth}&userIds=${felix}`,
        month: next,
      });
      for (const d of [20, 21]) {
        await dayCell(page, d, next, '\\d+ placements?, Unavailable: Felix Reid')
          .getByText('Unavailable: Felix Reid')
          .waitFor();
      }
      await dayCell(page, 22, next).waitFor();
    });
  });

  test('the grid shows a late cancellation in red, with a Late badge', async () => {
    await withPage(browser, 'scheduler-grid', async (page) => {
      await openScheduler(page);
      const late = await lateCancellation(page);
      await main(page)
        .locator('.mantine-SegmentedControl-label', { hasText: /^Recent Booking Changes$/ })
        .click();
      await main(page).getByRole('heading', { name: 'Recent Booking Changes' }).waitFor();
      await page.goto(`${hive.url}/bookings/list?month=${late.month}`);
      await main(page).getByRole('tab', { name: 'All' }).waitFor();
      await main(page).locator('.ag-row').first().waitFor();
      await checkA11y(page, 'grid page');
      await main(page).getByRole('tab', { name: 'Cancelled' }).click();
      const row = main(page).locator('.ag-row.late-cancellation', {
        hasText: LATE_TITLE,
      });
      await row.waitFor();
      await row.getByText('Late', { exact: true }).waitFor();
      const bg = await row.evaluate((el) => getComputedStyle(el).backgroundColor);
      const [r, g, bl] = bg.match(/\d+/g).map(Number);
      assert.ok(r > g && r > bl, `the late row is red (${bg})`);
      assert.ok(await row.getByText(late.fullName).count(), 'the row names the freelancer');
      await checkA11y(page, 'grid page, cancelled');
    });
  });

  test('on a 375 px phone the sidebar is a drawer', async () => {
    await withPage(
      browser,
      'scheduler-phone',
      async (page) => {
        await page.setViewportSize({ width: 375, height: 812 });
        await openScheduler(page);
        assert.equal(await page.getByRole('complementary', { name: 'Sidebar' }).count(), 0);
        assert.equal(await page.getByRole('tab', { name: 'Details' }).count(), 0);
        await main(page)
          .getByRole('button', { name: /^Open sidebar/ })
          .click();
        const drawer = page.getByRole('dialog', { name: 'Sidebar' });
        await drawer.getByRole('tab', { name: 'Details' }).waitFor();
        await drawer.getByRole('tab', { name: 'Create Booking' }).waitFor();
        await checkA11y(page, 'scheduler on a phone');
      },
      { mobile: true },
    );
  });
});
