// The scheduler and the placements grid on a 1440 x 900 screen: the open filter panel sits beside
// the calendar, whose top stays in view; the booking's placements grid shows every cell and
// header whole ('No user assigned', 'Chargeable Rate', titles), its columns as wide as their
// content. In Chromium against a real hive with the demo data (internal/bookings/demo's DEMO-001,
// and a booking nobody is assigned to yet).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { nextMonthDay } from '../offers.js';
import { apiCall, checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const VIEWPORT = { width: 1440, height: 900 };
const main = (page) => page.getByRole('main');

async function signIn(page, email) {
  await page.setViewportSize(VIEWPORT);
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The texts of the elements that show less than their whole content (an ellipsis). */
function cutTexts(locator) {
  return locator.evaluateAll((elements) =>
    elements
      .filter((e) => e.scrollWidth > e.clientWidth)
      .map((e) => `${e.textContent} (${e.scrollWidth} > ${e.clientWidth})`),
  );
}

describe('scheduler layout at 1440 x 900', () => {
  test('the open filter panel sits beside the calendar, whose top stays in view', async () => {
    await withPage(browser, 'scheduler-layout-filters', async (page) => {
      await signIn(page, 'dept@hive.test');
      await page.waitForURL(/\/bookings$/);
      const calendar = main(page).getByRole('grid', { name: /^Scheduler, / });
      await calendar.waitFor();
      const closed = await calendar.boundingBox();
      await main(page)
        .getByRole('button', { name: /^Filters/ })
        .click();
      const filters = main(page).getByRole('region', { name: 'Filters' });
      await filters.getByRole('textbox', { name: 'Department' }).waitFor();
      const grid = await calendar.boundingBox();
      const panel = await filters.boundingBox();
      // Opening the panel moves the calendar neither down nor narrower than the viewport allows.
      assert.ok(
        grid.y >= 0 && grid.y < VIEWPORT.height / 2,
        `the calendar's top is at ${grid.y}px`,
      );
      assert.ok(
        Math.abs(grid.y - closed.y) <= 1,
        `the calendar moved from ${closed.y} to ${grid.y}px`,
      );
      assert.ok(panel.x >= grid.x + grid.width, 'the filter panel is beside the calendar');
      assert.ok(panel.x + panel.width <= VIEWPORT.width, 'the filter panel is in the window');
      await checkA11y(page, 'scheduler with the filters beside the calendar');
    });
  });

  test("the placements grid's cells and headers are whole", async () => {
    await withPage(browser, 'scheduler-layout-placements', async (page) => {
      await signIn(page, 'dept@hive.test');
      // The demo's Matchday (instructed rows) and a new booking nobody is assigned to yet.
      const demo = await apiCall(hive, page, 'GET', '/booking?search=DEMO-001&page=1&pageSize=1');
      const briefs = await apiCall(hive, page, 'GET', '/job/brief');
      const template = briefs.find((b) => b.title === 'Premier League Football');
      const fresh = await apiCall(hive, page, 'POST', '/booking', {
        jobTemplateId: template.id,
        dates: [nextMonthDay(2)],
      });
      for (const [id, text] of [
        [demo.items[0].id, 'Felix Reid'],
        [fresh.id, 'No user assigned'],
      ]) {
        await page.goto(`${hive.url}/bookings/${id}/edit`);
        const region = main(page).getByRole('region', { name: 'Placements' });
        await region.getByRole('gridcell', { name: text }).first().waitFor();
        await region.getByRole('columnheader', { name: 'Chargeable Rate' }).waitFor();
        const cells = region.locator('[role="gridcell"]:not([col-id="ag-Grid-SelectionColumn"])');
        assert.ok((await cells.count()) >= 4 * 7, 'the grid has its rows');
        // Sizing to content follows the rows' drawing: wait until no cell is cut, then say which.
        await page
          .waitForFunction(
            () =>
              [...document.querySelectorAll('[role="gridcell"], .ag-header-cell-text')].every(
                (e) => e.scrollWidth <= e.clientWidth,
              ),
            null,
            { timeout: 5000 },
          )
          .catch(() => {});
        assert.deepEqual(await cutTexts(cells), [], `cut cells of booking ${id}`);
        assert.deepEqual(
          await cutTexts(region.locator('.ag-header-cell-text')),
          [],
          `cut headers of booking ${id}`,
        );
      }
      await checkA11y(page, 'placements grid at 1440 px');
    });
  });
});
