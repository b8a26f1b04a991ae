// Timesheets from the agenda: Felix, on a phone (375 px wide), finds his timesheets to submit on
// the agenda (the demo's to fill, of last month's 3rd, and the disputed one, of the 5th), selects
// them all and submits them in one go; the region empties away and both wait on the Timesheets
// screen's Submitted tab. Axe checks the agenda with the region.
import assert from 'node:assert/strict';
import { checkA11y, journeySteps, login, toast, useHive, withPage } from '../harness.js';

let hive;
let browser;
useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const step = journeySteps();
const main = (page) => page.getByRole('main');
const region = (page) => main(page).getByRole('region', { name: /^Timesheets to submit/ });
const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Last month's day as the timesheets name it ('05 Nov 2026'). */
function lastMonthDay(day) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, day));
  return `${String(day).padStart(2, '0')} ${SHORT[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
const demoSheet = (day) =>
  new RegExp(`^Autumn Fixtures: Camera Operator, .*${lastMonthDay(day)}`);

step('Felix submits his timesheet to fill and his disputed one at once from the agenda', async () => {
  await withPage(browser, 'timesheets-agenda', async (page) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await login(page, hive, 'freelancer@hive.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'attached' });
    await page.goto(`${hive.url}/agenda`);
    const toFill = region(page).getByRole('checkbox', { name: demoSheet(3) });
    const disputed = region(page).getByRole('checkbox', { name: demoSheet(5) });
    await toFill.waitFor();
    await disputed.waitFor();
    const count = await region(page).getByRole('checkbox').count();
    assert.ok(count >= 2, `${count} timesheets to submit`);
    await region(page).getByRole('heading', { name: `Timesheets to submit (${count})` }).waitFor();
    await checkA11y(page, 'the agenda with timesheets to submit');
    await toFill.check(); // by keyboard: the space bar on the focused checkbox
    await disputed.focus();
    await page.keyboard.press('Space');
    assert.ok(await disputed.isChecked());
    if (count > 2) await region(page).getByRole('button', { name: 'Select all' }).click();
    await region(page).getByRole('button', { name: `Submit selected (${count})` }).click();
    await toast(page, `${count} timesheets submitted for approval.`);
    await region(page).waitFor({ state: 'detached' });

    await page.goto(`${hive.url}/timesheets`);
    await main(page).getByRole('tab', { name: 'Submitted' }).click();
    for (const day of [3, 5]) {
      await main(page)
        .getByRole('article', { name: new RegExp(`^Autumn Fixtures: Camera Operator .*${lastMonthDay(day)}`) })
        .getByText('Submitted', { exact: true })
        .waitFor();
    }
  });
});
