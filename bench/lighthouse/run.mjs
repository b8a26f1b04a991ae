// Lighthouse's mobile profile (simulated slow 4G and a 4× slower CPU) against a local Hive in
// Debian's Chromium: the performance score and Largest Contentful Paint of the first screens a
// visitor, a freelancer and a department manager open. Each page is measured RUNS times (default
// 3) and the median printed. A benchmark, not a test: run by `make bench` (bench/lighthouse.sh).
import * as chromeLauncher from 'chrome-launcher';
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD, startHive } from '../../e2e/harness.js';

const RUNS = Number(process.env.RUNS ?? 3);
const pages = [
  { path: '/login', user: null },
  { path: '/agenda', user: 'freelancer@hive.test' },
  { path: '/bookings', user: 'dept@hive.test' },
];

/** Signs in over the API as a browser would and returns the Cookie header of its session. */
async function sessionCookie(url, email) {
  const jar = new Map();
  const keep = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const tokenRes = await fetch(`${url}/api/v1/account/token`);
  keep(tokenRes);
  const { token } = await tokenRes.json();
  const res = await fetch(`${url}/api/v1/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token, Cookie: cookie() },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login as ${email}: ${res.status} ${await res.text()}`);
  keep(res);
  return cookie();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const hive = await startHive();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.HIVE_E2E_CHROMIUM || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
let missed = false;
try {
  for (const p of pages) {
    const extraHeaders = p.user ? { Cookie: await sessionCookie(hive.url, p.user) } : undefined;
    const scores = [];
    const lcps = [];
    const bytes = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${hive.url}${p.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders,
      });
      const lhr = result.lhr;
      // LIGHTHOUSE_REPORTS=dir keeps each run's full report for reading where the time goes.
      if (process.env.LIGHTHOUSE_REPORTS) {
        const name = `${p.path.slice(1)}-${run + 1}.json`;
        writeFileSync(`${process.env.LIGHTHOUSE_REPORTS}/${name}`, result.report);
      }
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(p.path)) {
        throw new Error(`${p.path} ended on ${lhr.finalDisplayedUrl}: the session was not used`);
      }
      scores.push(lhr.categories.performance.score);
      lcps.push(lhr.audits['largest-contentful-paint'].numericValue);
      bytes.push(lhr.audits['total-byte-weight'].numericValue);
    }
    const score = median(scores);
    const lcp = median(lcps) / 1000;
    if (score < 0.9 || lcp > 2.5) missed = true;
    console.log(
      `lighthouse mobile ${p.path.padEnd(10)} ${p.user ? `(${p.user})` : '(signed out)'}: ` +
        `performance ${score.toFixed(2)}, LCP ${lcp.toFixed(1)} s, ${(median(bytes) / 1024).toFixed(0)} KiB ` +
        `(median of ${RUNS}; target ≥ 0.90 and ≤ 2.5 s)`,
    );
  }
} finally {
  await chrome.kill();
  await hive.stop();
}
if (missed) console.log('lighthouse: at least one page misses its target');
