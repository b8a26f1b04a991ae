// Timesheets: Felix fills and submits the demo's timesheet of last month's 3rd (its end time
// corrected and an expense added), the Sport department's manager disputes it with a reason,
// Felix corrects it and submits it again, and the manager approves it. Felix works on a phone
// (375 px wide), the manager on a desktop. Axe checks every screen and dialog.
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
const nav = (page) => page.getByRole('navigation', { name: 'Main navigation' });
const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The demo's to-fill timesheet: last month's 3rd ('Mon, 03 Nov 2026' in its name). */
function lastMonthThird() {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 3));
  return `03 ${SHORT[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
const card = (page) =>
  main(page).getByRole('article', { name: new RegExp(`^Autumn Fixtures: Camera Operator .*${lastMonthThird()}`) });

/**
 * Signs in as email and opens Timesheets on tab: from the sidebar on a desktop, by its address
 * on a phone (where the sidebar is folded away).
 */
async function openTimesheets(page, email, tab, { onPhone = false } = {}) {
  await login(page, hive, email);
  await nav(page).waitFor({ state: 'attached' });
  if (onPhone) {
    await page.goto(`${hive.url}/timesheets`);
  } else {
    await nav(page).getByRole('link', { name: /^Timesheets/ }).click();
  }
  await main(page).getByRole('heading', { name: 'Timesheets' }).waitFor();
  await main(page).getByRole('tab', { name: tab }).click();
}

async function phone(name, fn) {
  await withPage(browser, name, async (page) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await fn(page);
  });
}

step('Felix corrects the timesheet to fill and submits it', async () => {
  await phone('timesheets-fill', async (page) => {
    await openTimesheets(page, 'freelancer@hive.test', 'To fill', { onPhone: true });
    await card(page).waitFor();
    await checkA11y(page, 'timesheets to fill');
    await card(page).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: /^Timesheet/ });
    await dialog.getByLabel(/^Actual end/).fill('20:30');
    await dialog.getByRole('button', { name: 'Add expense' }).click();
    await dialog.getByLabel(/^Expense 1/).fill('Parking');
    await dialog.getByLabel(/^Amount/).fill('12.50');
    await checkA11y(page, 'the timesheet dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your corrections were saved.');
    await card(page).getByText(/–20:30/).waitFor();
    await card(page).getByText(/Parking 12\.50 GBP/).waitFor();
    await card(page).getByRole('button', { name: 'Submit' }).click();
    await toast(page, '1 timesheet submitted for approval.');
    await card(page).waitFor({ state: 'detached' });
    await main(page).getByRole('tab', { name: 'Submitted' }).click();
    await card(page).getByText('Submitted').waitFor();
    assert.equal(await card(page).getByRole('button', { name: 'Edit' }).count(), 0);
    await checkA11y(page, 'timesheets submitted');
  });
});

step('The manager disputes it with a reason', async () => {
  await withPage(browser, 'timesheets-dispute', async (page) => {
    await openTimesheets(page, 'dept@hive.test', 'Submitted');
    await card(page).getByText('Felix', { exact: false }).waitFor();
    await checkA11y(page, 'the approvals queue');
    await card(page).getByRole('button', { name: 'Dispute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispute timesheet' });
    await dialog.getByRole('button', { name: 'Dispute' }).click();
    await dialog.getByText('Say why you dispute this timesheet.').waitFor();
    await dialog.getByLabel(/^Reason/).fill('We wrapped at 20:00 on the call sheet.');
    await checkA11y(page, 'the dispute dialog');
    await dialog.getByRole('button', { name: 'Dispute' }).click();
    await toast(page, 'The timesheet was sent back to its freelancer.');
    await card(page).waitFor({ state: 'detached' });
  });
});

step('Felix reads the reason, corrects the timesheet and submits it again', async () => {
  await phone('timesheets-correct', async (page) => {
    await openTimesheets(page, 'freelancer@hive.test', 'Disputed', { onPhone: true });
    await card(page).getByText('We wrapped at 20:00 on the call sheet.').waitFor();
    await checkA11y(page, 'timesheets disputed');
    await card(page).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: /^Timesheet/ });
    await dialog.getByLabel(/^Actual end/).fill('20:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your corrections were saved.');
    await card(page).getByText(/–20:00/).waitFor();
    await card(page).getByRole('button', { name: 'Submit' }).click();
    await toast(page, '1 timesheet submitted for approval.');
    await card(page).waitFor({ state: 'detached' });
  });
});

step('The manager approves it', async () => {
  await withPage(browser, 'timesheets-approve', async (page) => {
    await openTimesheets(page, 'dept@hive.test', 'Submitted');
    await card(page).getByText(/–20:00/).waitFor();
    await card(page).getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'The timesheet was approved.');
    await card(page).waitFor({ state: 'detached' });
    await main(page).getByRole('tab', { name: 'Approved' }).click();
    await card(page).getByText('Approved', { exact: true }).waitFor();
    await checkA11y(page, 'timesheets approved');
  });
});
