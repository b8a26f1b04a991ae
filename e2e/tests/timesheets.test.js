// Timesheets: Felix fills and submits the demo's timesheet of last month's 3rd (its end time
// corrected and an expense added, with a receipt attached), the Sport department's manager
// downloads the receipt and disputes the timesheet with a reason, Felix removes the receipt,
// corrects the timesheet and submits it again, and the manager approves it. Felix works on a
// phone (375 px wide), the manager on a desktop. Axe checks every screen and dialog.
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
/** The receipt Felix attaches: a 1×1 PNG, made here. */
const RECEIPT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const receiptLink = (page) => card(page).getByRole('link', { name: 'Receipt: receipt.png (Parking)' });
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
    // The saved expense takes a receipt: attached from the file chooser, listed in the dialog.
    await card(page).getByRole('button', { name: 'Edit' }).click();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Attach receipt for expense 1' }).click();
    await (await chooser).setFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT });
    await dialog.getByRole('link', { name: 'Receipt: receipt.png' }).waitFor();
    await dialog.getByRole('button', { name: 'Remove receipt for expense 1' }).waitFor();
    await checkA11y(page, 'the timesheet dialog with a receipt');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await receiptLink(page).waitFor();
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
    // The receipt downloads as it was sent, in the manager's session.
    const receipt = await page.request.get(`${hive.url}${await receiptLink(page).getAttribute('href')}`);
    assert.equal(receipt.status(), 200);
    assert.equal(receipt.headers()['content-type'], 'image/png');
    assert.match(receipt.headers()['content-disposition'], /attachment; .*receipt\.png/);
    assert.deepEqual(await receipt.body(), RECEIPT);
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
    // The receipt is removed: the dialog says there is none, the card lists none.
    await card(page).getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('button', { name: 'Remove receipt for expense 1' }).click();
    await dialog.getByText('No receipt.').waitFor();
    await checkA11y(page, 'the timesheet dialog without its receipt');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await receiptLink(page).waitFor({ state: 'detached' });
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
