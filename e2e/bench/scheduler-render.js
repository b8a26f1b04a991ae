// The scheduler month's render time in Chromium with about 2,000 placements: a
// department manager books the four shifts of the demo job template on every day of a month
// (16 bookings × 4 × days ≈ 2,000 placements), then opens /bookings on that month ten times.
// The page marks when the month's data is parsed and measures to the first frame that shows it
// ('scheduler-month-render' in the Performance timeline); this prints p50 and the worst run.
// A benchmark, not a test: run by `make bench` (bench/scheduler-render.sh), never by `make test`.
import { apiCall, checkA11y, launchBrowser, login, startHive, withPage } from '../harness.js';

const RUNS = Number(process.env.RUNS ?? 10);
const BOOKINGS = 16;

/** Every date of the month after next (clear of the demo's bookings), and that month. */
function benchMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  const month = first.toISOString().slice(0, 7);
  const dates = [];
  for (
    let d = new Date(first);
    d.toISOString().slice(0, 7) === month;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    dates.push(d.toISOString().slice(0, 10));
  }
  return { month, dates };
}

const hive = await startHive();
const browser = await launchBrowser();
try {
  await withPage(browser, 'bench-scheduler-render', async (page) => {
    await login(page, hive, 'dept@hive.test');
    await page.waitForURL(/\/bookings$/);
    const { month, dates } = benchMonth();
    const job = (await apiCall(hive, page, 'GET', '/job/brief')).find(
      (b) => b.title === 'Premier League Football',
    );
    let placements = 0;
    for (let i = 0; i < BOOKINGS; i++) {
      const b = await apiCall(hive, page, 'POST', '/booking', {
        jobTemplateId: job.id,
        title: `Render bench ${i + 1}`,
        dates,
        periodType: 'range',
      });
      placements += b.placements.length;
    }
    const durations = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${hive.url}/bookings?month=${month}`);
      const handle = await page.waitForFunction(
        () => performance.getEntriesByName('scheduler-month-render', 'measure')[0]?.duration,
        undefined,
        { timeout: 30000 },
      );
      durations.push(await handle.jsonValue());
    }
    if (process.env.A11Y) await checkA11y(page, 'scheduler with 2,000 placements');
    durations.sort((a, b) => a - b);
    const p50 = durations[Math.floor((durations.length - 1) / 2)];
    const worst = durations[durations.length - 1];
    console.log(
      `scheduler month render, ${placements} placements, ${RUNS} loads: p50 ${p50.toFixed(1)} ms, ` +
        `worst ${worst.toFixed(1)} ms (target under 300 ms)`,
    );
  });
} finally {
  await browser.close();
  await hive.stop();
}
