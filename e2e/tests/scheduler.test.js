// The scheduler (issue 7): dept@ filters the month by department and status, saves a bookmark
// and applies it again, drags a range and creates a booking from the sidebar; the grid page shows
// a late cancellation in red (made through the API: a placement tomorrow, cancelled now, inside
// Sport's two-day cancel window); on a phone the sidebar is a drawer. In Chromium against a real
// hive with the demo data (internal/bookings/demo: the current month's 12th has a green Camera
// Operator group, its 13th a purple and a red group).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const MANAGER = 'dept@hive.test';
const LATE_TITLE = 'Scheduler Late Cancellation';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

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

/** A day cell by its day of the month and month name ('12', 'November 2026'). */
const dayCell = (page, day, month) =>
  page.getByRole('gridcell', { name: new RegExp(`^\\w+day ${day} ${month}, \\d+ placements?$`) });

async function openScheduler(page) {
  await login(page, hive, MANAGER);
  await page.waitForURL(/\/bookings$|\/$/);
  await page.goto(`${hive.url}/bookings`);
  await page
    .getByRole('grid', { name: new RegExp(`^Scheduler, ${monthNames().current}$`) })
    .waitFor();
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
      await dayCell(page, 13, current)
        .and(page.getByRole('gridcell', { name: /, 2 placements$/ }))
        .waitFor();
      await checkA11y(page, 'scheduler');

      await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByRole('textbox', { name: 'Department' }).fill('Sport');
      await page.getByRole('option', { name: /^Sport/ }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: 'Status' }).click();
      await page.getByRole('option', { name: /^Green/ }).click();
      await page.keyboard.press('Escape');
      await page.waitForURL(
        /departmentIds=\d+.*placementStatuses=green|placementStatuses=green.*departmentIds=\d+/,
      );
      // Green groups only: the 12th keeps its Camera Operator, the 13th has none.
      await page
        .getByRole('gridcell', { name: new RegExp(`13 ${current}, 0 placements$`) })
        .waitFor();
      await page
        .getByRole('gridcell', { name: new RegExp(`12 ${current}, 1 placement$`) })
        .waitFor();
      await checkA11y(page, 'scheduler with filters');

      await page.getByRole('button', { name: 'Add Bookmark' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Bookmark' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Enter a description').waitFor();
      await dialog.getByRole('textbox', { name: /Description/ }).fill('Sport confirmed');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved the filters as Sport confirmed.').waitFor();
      const saved = page.url();

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page
        .getByRole('gridcell', { name: new RegExp(`13 ${current}, 2 placements$`) })
        .waitFor();
      assert.ok(!page.url().includes('placementStatuses'), 'the filters are cleared');
      await page.getByRole('combobox', { name: 'Bookmark' }).click();
      await page.getByRole('option', { name: 'Sport confirmed' }).click();
      await page
        .getByRole('gridcell', { name: new RegExp(`13 ${current}, 0 placements$`) })
        .waitFor();
      assert.equal(new URL(page.url()).search, new URL(saved).search);

      // A reload keeps the filters (they live in the URL).
      await page.reload();
      await page
        .getByRole('gridcell', { name: new RegExp(`12 ${current}, 1 placement$`) })
        .waitFor();
    });
  });

  test('dept@ drags a range next month and creates a booking from the sidebar', async () => {
    await withPage(browser, 'scheduler-create', async (page) => {
      await openScheduler(page);
      const { next } = monthNames();
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.getByRole('grid', { name: `Scheduler, ${next}` }).waitFor();
      const a = await dayCell(page, 16, next).boundingBox();
      const b = await dayCell(page, 18, next).boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + 10);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2, b.y + 10, { steps: 8 });
      await page.mouse.up();
      await page.getByText('3 days selected', { exact: true }).waitFor();
      for (const d of [16, 17, 18]) {
        assert.equal(await dayCell(page, d, next).getAttribute('aria-selected'), 'true');
      }

      await page.getByRole('tab', { name: 'Create Booking' }).click();
      const form = page.getByRole('form', { name: 'Create Booking' });
      await form.getByRole('combobox', { name: /Job Template/ }).click();
      await page.getByRole('option', { name: /^Premier League Football/ }).click();
      await form.getByRole('checkbox', { name: /Camera Operator/ }).waitFor();
      await form.getByRole('button', { name: 'Create Booking' }).click();
      await page.waitForURL(/\/bookings\/\d+\/edit/);
      // Its dates are the three dragged days, in range mode.
      await page.getByText(/\(3 days, range\)/).waitFor();
    });
  });

  test('the grid shows a late cancellation in red, with a Late badge', async () => {
    await withPage(browser, 'scheduler-grid', async (page) => {
      await openScheduler(page);
      const late = await lateCancellation(page);
      await page.locator('.mantine-SegmentedControl-label', { hasText: /^Grid$/ }).click();
      await page.getByRole('heading', { name: 'Recent Booking Changes' }).waitFor();
      await page.goto(`${hive.url}/bookings/list?month=${late.month}`);
      await page.getByRole('tab', { name: 'All' }).waitFor();
      await page.locator('.ag-row').first().waitFor();
      await checkA11y(page, 'grid page');
      await page.getByRole('tab', { name: 'Cancelled' }).click();
      const row = page.locator('.ag-row.late-cancellation', { hasText: LATE_TITLE });
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
        await page.getByRole('button', { name: /^Open sidebar/ }).click();
        const drawer = page.getByRole('dialog', { name: 'Sidebar' });
        await drawer.getByRole('tab', { name: 'Details' }).waitFor();
        await drawer.getByRole('tab', { name: 'Create Booking' }).waitFor();
        await checkA11y(page, 'scheduler on a phone');
      },
      { mobile: true },
    );
  });
});
