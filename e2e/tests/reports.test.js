// Reports: an administrator exports each report type from /reports and every
// downloaded CSV parses with its header and rows; a client manager sees the Financial Metrics
// card only, and their export holds only their client; a reference starting with '=' comes out
// neutralised; an offer awaiting its answer is pipeline, charged only once both sides accept;
// axe finds nothing serious on the page, on a desktop and on a phone.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import { parse } from 'csv-parse/sync';
import { apiCall, checkA11y, journeySteps, login, useHive, withPage } from '../harness.js';

let hive;
let browser;
/** The Harbour Studios booking the first step makes. */
let harbourBooking;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

/** Each report's header as docs/reports.md writes it down. */
const FINANCIAL_ADMIN =
  'Client, Department, Job, Booking Reference, Booking ID, Placement Date, Freelancer, Hours, Buy Rate, Buy Currency, Buy Period, Sell Rate, Sell Currency, Sell Period, Status, Counted As, Late Cancellation, Cost, Charge, Margin, Pipeline Cost, Pipeline Charge';
const FINANCIAL_MANAGER =
  'Client, Department, Job, Booking Reference, Booking ID, Placement Date, Freelancer, Hours, Chargeable Rate, Currency, Rate Period, Status, Counted As, Late Cancellation, Charge, Pipeline Charge';
const REPORTS = [
  { title: 'Financial Metrics', type: 'financialMetrics', header: FINANCIAL_ADMIN },
  {
    title: 'Bookings',
    type: 'bookings',
    header:
      'Booking ID, Booking Reference, Booking Title, Client, Department, Job, Placement, Placement Date, Start, End, Time Zone, Freelancer, Freelancer Email, Supplier Status, Client Status, Status',
  },
  {
    title: 'Agency',
    type: 'agency',
    header: 'ID, Agency, Type, Country, Email, Instructions, Confirmed, Awaiting, Cancelled or Rejected',
  },
  {
    title: 'Entities',
    type: 'entities',
    header: 'ID, Name, Type, Country, Time Zone, Email, Cancel Window Days, Departments, Created',
  },
  {
    title: 'Users',
    type: 'users',
    header:
      'ID, First Name, Last Name, Email, Phone, Freelancer, Administrator, Account Status, Country, Time Zone, Created',
  },
  {
    title: 'Job Templates',
    type: 'jobTemplates',
    header: 'ID, Job, Type, Client, Department, Placement Templates, Preferred Freelancers, Created',
  },
];

const pad = (n) => String(n).padStart(2, '0');
const isoDate = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** The page's default range: this month up to today (the browser runs on this machine's clock). */
const now = new Date();
const range = {
  start: isoDate(new Date(now.getFullYear(), now.getMonth(), 1)),
  end: isoDate(now),
};

/** Clicks a report's export button and returns the download's name and parsed records. */
async function exportReport(page, title) {
  const card = page.getByRole('region', { name: title, exact: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: `Export ${title} as CSV` }).click(),
  ]);
  const bytes = await readFile(await download.path());
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], `${title}: UTF-8 byte-order mark`);
  const records = parse(bytes, { bom: true, relax_column_count: false });
  // The card is ready again once the export has finished.
  await card.getByRole('button', { name: `Export ${title} as CSV` }).and(page.locator(':enabled')).waitFor();
  return { name: download.suggestedFilename(), header: records[0].join(', '), rows: records.slice(1) };
}

const step = journeySteps();

describe('reports', () => {
  step('an administrator books a Harbour Studios shift whose reference is a formula', async () => {
    await withPage(browser, 'reports-setup', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      const depts = await apiCall(hive, page, 'GET', '/department?name=Drama&page=1&pageSize=20');
      const drama = depts.items.find((d) => d.client?.name === 'Harbour Studios');
      assert.ok(drama, 'Harbour Studios has a Drama department');
      const users = await apiCall(hive, page, 'GET', '/account?search=freelancer%40hive.test&page=1&pageSize=5');
      const felix = users.items.find((u) => u.email === 'freelancer@hive.test');
      await apiCall(hive, page, 'POST', '/associations/user-department-refs', {
        userId: felix.id,
        departmentId: drama.id,
        canHire: true,
      });
      const rate = (r) => ({ rate: r, currency: 'GBP', period: 'day' });
      const template = await apiCall(hive, page, 'POST', '/job-template', {
        departmentId: drama.id,
        title: 'Night Shoot',
        placementTemplates: [
          { title: 'Camera', startTime: '09:00', endTime: '17:00', buyRate: rate(250), sellRate: rate(300) },
        ],
      });
      const booking = await apiCall(hive, page, 'POST', '/booking', {
        jobTemplateId: template.id,
        dates: [range.end],
        periodType: 'custom',
        type: 'default',
        reference: '=HYPERLINK("http://evil.example")',
      });
      harbourBooking = booking.id;
      const placement = booking.placements[0].id;
      await apiCall(hive, page, 'POST', `/placement/${placement}/grant`, {
        userId: felix.id,
        placementIds: [placement],
      });
    });
  });

  step('an administrator exports each report type, and each CSV parses with its header and rows', async () => {
    await withPage(browser, 'reports-admin', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
      await checkA11y(page, 'reports (administrator)');
      assert.equal(await main.getByRole('button', { name: /^Export .* as CSV$/ }).count(), REPORTS.length);

      const got = {};
      for (const r of REPORTS) {
        const file = await exportReport(page, r.title);
        assert.equal(file.name, `${range.start}-${range.end}-${r.type}.csv`);
        assert.equal(file.header, r.header, `${r.title}: header`);
        assert.ok(file.rows.length > 0, `${r.title}: rows`);
        for (const row of file.rows) assert.equal(row.length, r.header.split(', ').length);
        got[r.type] = file.rows;
      }

      // Financial Metrics: the demo's Northbridge work and the Harbour shift, its formula
      // reference neutralised with a leading quote, money as decimals. The shift awaits Felix's
      // answer: it is pipeline, not charged.
      const harbour = got.financialMetrics.find((row) => row[0] === 'Harbour Studios');
      assert.deepEqual(
        [harbour[1], harbour[2], harbour[3], harbour[5], harbour[6], harbour[7]],
        ['Drama', 'Night Shoot', '\'=HYPERLINK("http://evil.example")', range.end, 'Felix Reid', '8.00'],
      );
      assert.deepEqual(harbour.slice(8, 22), [
        '250.00', 'GBP', 'day', '300.00', 'GBP', 'day',
        'Awaiting response', 'Pipeline', 'No', '0.00', '0.00', '0.00', '250.00', '300.00',
      ]);
      // Only confirmed rows carry a charge, only pipeline rows a pipeline charge.
      for (const row of got.financialMetrics) {
        if (row[15] !== 'Confirmed') assert.equal(row[18], '0.00', `charge of a ${row[14]} row`);
        if (row[15] !== 'Pipeline') assert.equal(row[21], '0.00', `pipeline charge of a ${row[14]} row`);
      }
      assert.ok(got.financialMetrics.some((row) => row[0] === 'Northbridge Broadcasting'));
      assert.ok(got.bookings.some((row) => row[1] === 'DEMO-001' && row[3] === 'Northbridge Broadcasting'));
      assert.ok(got.bookings.some((row) => row[1] === '\'=HYPERLINK("http://evil.example")'));
      for (const name of ['Crewline Facilities', 'Pinnacle Talent']) {
        assert.ok(got.agency.some((row) => row[1] === name), `agency ${name}`);
      }
      assert.ok(got.entities.some((row) => row[1] === 'Northbridge Broadcasting' && row[2] === 'client'));
      assert.ok(got.users.some((row) => row[3] === 'freelancer@hive.test' && row[5] === 'Yes'));
      assert.ok(got.jobTemplates.some((row) => row[1] === 'Night Shoot' && row[3] === 'Harbour Studios'));
      assert.ok(got.jobTemplates.some((row) => row[1] === 'Premier League Football'));
    });
  });

  step('once both sides accept the Harbour shift, Financial Metrics charges it and its pipeline is gone', async () => {
    await withPage(browser, 'reports-confirmed', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      const booking = await apiCall(hive, page, 'GET', `/booking/${harbourBooking}`);
      const id = booking.placements[0].instructions[0].id;
      await apiCall(hive, page, 'PATCH', '/instruction/status', [{ id, supplierStatus: 'accepted' }]);
      await apiCall(hive, page, 'PATCH', '/instruction/status', [{ id, clientStatus: 'accepted' }]);
      await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
      await page.getByRole('main').getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
      const file = await exportReport(page, 'Financial Metrics');
      const harbour = file.rows.find((row) => row[0] === 'Harbour Studios');
      assert.deepEqual(harbour.slice(14, 22), [
        'Confirmed', 'Confirmed', 'No', '250.00', '300.00', '50.00', '0.00', '0.00',
      ]);
    });
  });

  step("a client manager sees only Financial Metrics, and it holds only their client", async () => {
    await withPage(
      browser,
      'reports-manager',
      async (page) => {
        await login(page, hive, 'manager@hive.test');
        await page.waitForURL(/\/bookings$/);
        await page.goto(`${hive.url}/reports`);
        const main = page.getByRole('main');
        await main.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
        const buttons = main.getByRole('button', { name: /^Export .* as CSV$/ });
        assert.deepEqual(await buttons.allTextContents(), ['Export CSV']);
        await main.getByRole('button', { name: 'Export Financial Metrics as CSV' }).waitFor();
        await checkA11y(page, 'reports (client manager, phone)');
        const noSideways = await page.evaluate(
          () => document.documentElement.scrollWidth <= window.innerWidth,
        );
        assert.ok(noSideways, 'no sideways scroll at phone width');

        const file = await exportReport(page, 'Financial Metrics');
        assert.equal(file.header, FINANCIAL_MANAGER);
        assert.ok(file.rows.length > 0);
        assert.deepEqual([...new Set(file.rows.map((row) => row[0]))], ['Northbridge Broadcasting']);
      },
      { mobile: true },
    );
  });
});
