// Dashboard: on the demo data an administrator opens the dashboard from the
// sidebar and sees its charts, and one as a table; a client manager on a phone sees their
// client's charts, charge without spend, with no sideways scroll. The money table shows the
// pipeline apart from the confirmed charge. axe finds no serious or critical violation on
// either. Locators are scoped to the page's regions.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const main = (page) => page.getByRole('main');
const region = (page, name) => main(page).getByRole('region', { name });
const WEEKS = 'Placements per week by status';

/** Waits until the weekly chart is drawn: its SVG holds bars of some height. */
async function chartDrawn(page) {
  const weeks = region(page, WEEKS);
  await weeks.locator('svg.recharts-surface').waitFor();
  await page.waitForFunction(
    (title) =>
      [...document.querySelectorAll('main section')]
        .filter((s) => s.querySelector('h2')?.textContent === title)
        .some((s) =>
          [...s.querySelectorAll('.recharts-bar-rectangle path')].some(
            (p) => p.getBoundingClientRect().height > 0,
          ),
        ),
    WEEKS,
  );
  return weeks;
}

describe('dashboard', () => {
  test('an administrator sees the charts on the demo data, and a chart as a table', async () => {
    await withPage(browser, 'dashboard-admin', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$|\/$/);
      await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL(/\/dashboard$/);
      const weeks = await chartDrawn(page);
      await region(page, 'Fill rate').getByText(/^\d+%$/).waitFor();
      await region(page, 'Median time to answer an offer').waitFor();
      await main(page).getByRole('heading', { name: /^Spend and charge per client/ }).first().waitFor();
      await region(page, 'Top job titles').locator('svg.recharts-surface').waitFor();
      await region(page, 'Freelancers with most accepted work').locator('svg.recharts-surface').waitFor();
      // No embedded analytics is configured: no switch to it.
      assert.equal(await main(page).getByRole('radiogroup', { name: 'Dashboard view' }).count(), 0);
      await checkA11y(page, 'dashboard (administrator)');

      await weeks.getByText('Table', { exact: true }).click();
      const table = weeks.getByRole('table', { name: WEEKS });
      await table.waitFor();
      const totals = await table.locator('tbody tr td:last-child').allInnerTexts();
      assert.ok(totals.map(Number).reduce((a, b) => a + b, 0) > 0, `weekly totals ${totals}`);
      await checkA11y(page, 'dashboard (administrator, table)');

      // Money: confirmed work's charge and spend, the pipeline (awaiting an answer) apart.
      const money = main(page).getByRole('region', { name: /^Spend and charge per client/ }).first();
      await money.getByText('Table', { exact: true }).click();
      await money.getByRole('table').waitFor();
      assert.deepEqual(await money.getByRole('columnheader').allInnerTexts(), ['Client', 'Charge', 'Spend', 'Pipeline']);
    });
  });

  test("a client manager on a phone sees their client's charts, charge without spend", async () => {
    await withPage(
      browser,
      'dashboard-manager',
      async (page) => {
        await page.setViewportSize({ width: 375, height: 812 });
        await login(page, hive, 'manager@hive.test');
        await page.waitForURL(/\/bookings$|\/$/);
        await page.goto(`${hive.url}/dashboard`);
        await chartDrawn(page);
        await main(page).getByRole('heading', { name: /^Charge per client/ }).first().waitFor();
        assert.equal(await main(page).getByText(/Spend and charge/).count(), 0);
        const wide = await page.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        );
        assert.equal(wide, false, 'the dashboard scrolls sideways at 375 px');
        await checkA11y(page, 'dashboard (client manager, phone)');
      },
      { mobile: true },
    );
  });
});
