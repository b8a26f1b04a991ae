// Self-billed invoices end to end: Felix's confirmed placement ends (the test clock moves past
// it), its timesheet is submitted and approved (seeded through the API), the client's manager
// issues the invoice, downloads its PDF (whose text pdftotext reads back: number, parties,
// total), marks it paid in its dialog, and Felix sees it Paid on his phone. Felix Reid Camera
// agreed to self-billing in the demo data. Axe checks every screen.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  advanceClock,
  apiCall,
  checkA11y,
  journeySteps,
  login,
  toast,
  useHive,
  waitForState,
  withPage,
} from '../harness.js';
import { nextMonthDay, offerToFelix } from '../offers.js';

let hive;
let browser;

useHive(
  (started, launched) => {
    hive = started;
    browser = launched;
  },
  { testClock: true },
);

const TITLE = 'Invoices E2E';
const DATE = nextMonthDay(14);
const journey = { bookingId: 0, instructionId: 0, clientId: 0, timesheetId: 0, invoice: null };
const step = journeySteps();
const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const main = (page) => page.getByRole('main');
/** The invoice's card on the Invoices page. */
const card = (page) =>
  main(page)
    .getByRole('region', { name: 'Invoices' })
    .getByRole('listitem')
    .filter({ hasText: journey.invoice.number });

describe('self-billed invoices', () => {
  step('Felix is booked and confirmed on a day next month', async () => {
    await withPage(browser, 'invoices-book', async (page) => {
      await signIn(page, 'dept@hive.test');
      const offer = await offerToFelix(hive, page, { title: TITLE, date: DATE });
      journey.bookingId = offer.bookingId;
      journey.instructionId = offer.instructionId;
      const booking = await call(page, 'GET', `/booking/${offer.bookingId}`);
      journey.clientId = (await call(page, 'GET', `/department/${booking.departmentId}`)).clientId;
    });
    await withPage(browser, 'invoices-accept', async (page) => {
      await signIn(page, 'freelancer@hive.test');
      await call(page, 'PATCH', '/instruction/status', [
        { id: journey.instructionId, supplierStatus: 'accepted' },
      ]);
    });
    await withPage(browser, 'invoices-confirm', async (page) => {
      await signIn(page, 'dept@hive.test');
      await call(page, 'PATCH', '/instruction/status', [
        { id: journey.instructionId, clientStatus: 'accepted' },
      ]);
    });
  });

  step('after the day its timesheet is submitted and approved', async () => {
    const after = new Date(`${DATE}T00:00:00Z`).getTime() + 2 * 86400e3;
    await advanceClock(hive, `${Math.ceil((after - Date.now()) / 3600e3)}h`);
    await withPage(browser, 'invoices-submit', async (page) => {
      await signIn(page, 'freelancer@hive.test');
      await waitForState(
        async () => {
          const page1 = await call(page, 'GET', '/timesheet?pageSize=100');
          const mine = (page1.items ?? []).find((t) => t.bookingId === journey.bookingId);
          journey.timesheetId = mine?.id ?? 0;
          return Boolean(mine);
        },
        { what: 'the timesheet of the ended placement', timeout: 20000 },
      );
      await call(page, 'POST', `/timesheet/${journey.timesheetId}/submit`);
    });
    await withPage(browser, 'invoices-approve', async (page) => {
      await signIn(page, 'dept@hive.test');
      await call(page, 'POST', `/timesheet/${journey.timesheetId}/approve`);
    });
  });

  step('the client manager issues the invoice, reads its PDF and marks it paid', async () => {
    await withPage(browser, 'invoices-manager', async (page) => {
      await signIn(page, 'manager@hive.test');
      const issued = await call(page, 'POST', '/invoice/issue', {
        clientId: journey.clientId,
        through: DATE,
      });
      journey.invoice = issued.items.find((i) =>
        i.lines.some((l) => l.timesheetId === journey.timesheetId),
      );
      assert.ok(journey.invoice, 'the timesheet is on an invoice');
      assert.equal(journey.invoice.status, 'issued');

      await page.goto(`${hive.url}/invoices`);
      await card(page).getByText('Issued', { exact: true }).waitFor();
      await main(page).getByRole('table', { name: 'Totals per currency' }).waitFor();
      await checkA11y(page, 'the manager’s invoices');

      const pdf = await page.request.get(`${hive.url}/api/v1/invoice/${journey.invoice.id}/pdf`);
      assert.equal(pdf.headers()['content-type'], 'application/pdf');
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await pdf.body() }).toString();
      const amount = (minor) => `${journey.invoice.currency} ${(minor / 100).toFixed(2)}`;
      for (const want of [
        `Self-billed invoice ${journey.invoice.number}`,
        `Supplier: ${journey.invoice.supplier.name}`,
        `Client: ${journey.invoice.client.name}`,
        `Due date: ${journey.invoice.dueDate}`,
        amount(journey.invoice.totalMinor),
      ]) {
        assert.ok(text.includes(want), `the PDF says "${want}":\n${text}`);
      }

      await card(page).getByRole('button', { name: 'Mark paid' }).click();
      const dialog = page.getByRole('dialog', { name: `Mark ${journey.invoice.number} paid` });
      await dialog.getByRole('button', { name: /^Paid on/ }).waitFor();
      await checkA11y(page, 'the mark paid dialog');
      await dialog.getByRole('button', { name: 'Mark paid' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await toast(page, `${journey.invoice.number} is marked paid.`);
      await card(page).getByText('Paid', { exact: true }).waitFor();
      assert.equal(await card(page).getByRole('button', { name: 'Mark paid' }).count(), 0);
    });
  });

  step('Felix sees the invoice Paid on his phone', async () => {
    await withPage(
      browser,
      'invoices-felix',
      async (page) => {
        await signIn(page, 'freelancer@hive.test');
        await page.goto(`${hive.url}/invoices`);
        const mine = card(page);
        await mine.getByText('Paid', { exact: true }).waitFor();
        await mine.getByText(`From ${journey.invoice.client.name}`).waitFor();
        assert.equal(await mine.getByRole('button', { name: 'Mark paid' }).count(), 0);
        await mine.getByRole('link', { name: `Download the PDF of ${journey.invoice.number}` }).waitFor();
        await checkA11y(page, 'the freelancer’s invoices');
      },
      { mobile: true },
    );
  });
});
