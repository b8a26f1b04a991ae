// Test harness: starts a real bin/hive on a fresh SQLite database with the demo data, drives
// Debian's Chromium with playwright-core, checks every visited screen with axe-core, and keeps
// a screenshot of each failure under e2e/results/.
import { spawn, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startSmtpSink } from './smtp-sink.js';

const here = dirname(fileURLToPath(import.meta.url));
const hiveBinary = join(here, '..', 'bin', 'hive');
const resultsDir = join(here, 'results');
const axeSource = readFileSync(join(here, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

export const DEMO_PASSWORD = 'HiveDemo2026!';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A data directory (hive.db and blobs) holding the demo data, seeded once per build of bin/hive
 * and day and copied for each journey file: seeding for each of them took a second or more.
 */
function seededDemo() {
  const { size, mtimeMs } = statSync(hiveBinary);
  const prefix = 'hive-e2e-demo-';
  const key = `${size}-${Math.floor(mtimeMs)}-${new Date().toISOString().slice(0, 10)}`;
  const seeded = join(tmpdir(), prefix + key);
  if (existsSync(seeded)) return seeded;
  const building = mkdtempSync(join(tmpdir(), 'hive-e2e-seeding-'));
  const env = {
    ...process.env,
    HIVE_DATABASE_URL: `sqlite:${join(building, 'hive.db')}`,
    HIVE_DATA_DIR: building,
    HIVE_ENV: 'DEV',
  };
  delete env.HIVE_SMTP_URL;
  execFileSync(hiveBinary, ['seed', 'demo'], { env, stdio: 'ignore' });
  // Older builds' seeds go, but not while a journey beside this one may still be copying one:
  // bin/hive rebuilt during a run (make faults beside make test) once failed a journey that way.
  const stale = Date.now() - 15 * 60 * 1000;
  for (const old of readdirSync(tmpdir()).filter((n) => n.startsWith(prefix))) {
    const path = join(tmpdir(), old);
    if (statSync(path, { throwIfNoEntry: false })?.mtimeMs < stale) rmSync(path, { recursive: true, force: true });
  }
  try {
    renameSync(building, seeded);
  } catch {
    rmSync(building, { recursive: true, force: true }); // a journey beside this one was first
  }
  return seeded;
}

/**
 * Starts hive; resolves once it listens. Returns { url, logs, stop }. By default mail goes to
 * the log; `smtpUrl` sends it to that SMTP server instead. `env` adds variables (such as the
 * notification worker's HIVE_NOTIFY_FOLD_WINDOW and HIVE_NOTIFY_INTERVAL). With `localhost`
 * the browser reaches hive as http://localhost:PORT (its base URL too), not 127.0.0.1:
 * WebAuthn takes no IP address as its relying party, so passkeys work only on a name.
 */
export async function startHive({ smtpUrl, env: extraEnv = {}, localhost = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'hive-e2e-'));
  const port = await freePort();
  const url = `http://${localhost ? 'localhost' : '127.0.0.1'}:${port}`;
  const env = {
    ...process.env,
    HIVE_DATABASE_URL: `sqlite:${join(dir, 'hive.db')}`,
    HIVE_DATA_DIR: dir,
    HIVE_ADDR: `127.0.0.1:${port}`,
    HIVE_ENV: 'DEV',
    ...(localhost ? { HIVE_BASE_URL: url } : {}),
    // Administrators work without two-step sign-in unless the journey is about it: a production
    // Hive requires it of them (HIVE_ADMIN_SECOND_FACTOR; optional only in development).
    HIVE_ADMIN_SECOND_FACTOR: 'optional',
    ...extraEnv,
  };
  delete env.HIVE_SMTP_URL; // mail goes to the log, where the tests read it
  if (smtpUrl) env.HIVE_SMTP_URL = smtpUrl; // unless the test runs an SMTP server
  cpSync(seededDemo(), dir, { recursive: true });
  const proc = spawn(hiveBinary, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs = [];
  let buffer = '';
  proc.stdout.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  let stderr = '';
  proc.stderr.on('data', (c) => (stderr += c));
  const deadline = Date.now() + 15000;
  while (!logs.some((l) => l.msg === 'hive is listening')) {
    if (proc.exitCode !== null) throw new Error(`hive exited: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`hive did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // A binary built before the web app would serve a notice instead of the app: say so at once.
  const home = await fetch(`${url}/login`).then((r) => r.text());
  if (!home.includes('<div id="root">')) {
    proc.kill('SIGTERM');
    throw new Error(
      `bin/hive does not embed the built web app (run make build): ${home.slice(0, 120)}`,
    );
  }
  return {
    url,
    logs,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Moves the clock of a Hive started with HIVE_TEST_CLOCK (useHive's `{ testClock: true }`)
 * ahead by `duration`, a Go duration such as '25h', and returns the server's new time. The
 * clock is a write under the API like any other: it takes a visitor's CSRF token and sends it
 * back as the cookie and the X-CSRF-Token header.
 */
export async function advanceClock(hive, duration) {
  const tokenRes = await fetch(`${hive.url}/api/v1/account/token`);
  if (!tokenRes.ok) throw new Error(`CSRF token: ${tokenRes.status} ${await tokenRes.text()}`);
  const { token } = await tokenRes.json();
  const cookie = tokenRes.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${hive.url}/api/v1/__test/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token, Cookie: cookie },
    body: JSON.stringify({ advance: duration }),
  });
  if (!res.ok) throw new Error(`advance clock: ${res.status} ${await res.text()}`);
  return new Date((await res.json()).now);
}

/** Waits for a mail to `to` in the server log (the outbox's log sender) and returns its text. */
export async function waitForMail(hive, to, since = 0) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const mail = hive.logs.slice(since).find((l) => l.msg === 'mail' && l.to === to);
    if (mail) return mail.text;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a Hive and Chromium before a test file's tests and stops both after them; onReady
 * receives them once started. Every journey file calls it once at its top level. With
 * `{ smtp: true }` Hive sends its mail to an SMTP sink (e2e/smtp-sink.js), found as hive.smtp,
 * and its notification worker folds for 1 s and polls every 200 ms instead of 20 s and 5 s.
 * With `{ testClock: true }` the server's clock can be moved ahead with advanceClock. With
 * `{ localhost: true }` the browser reaches it as http://localhost:PORT (passkeys need a name).
 * `{ adminSecondFactor: true }` administrators must enrol two-step sign-in before anything else,
 * as in production. `{ caldavPrivate: true }` lets calendar sync reach a CalDAV server on
 * loopback (the journey's radicale on 127.0.0.1), which Hive refuses by default.
 */
export function useHive(
  onReady,
  { smtp = false, testClock = false, localhost = false, adminSecondFactor = false, caldavPrivate = false } = {},
) {
  let hive;
  let browser;
  let sink;
  before(async () => {
    // Journeys wait on state, so the notification and deadlines workers run fast: no journey
    // waits out the production fold window (20 s) or poll intervals (5 s, 30 s).
    const env = { HIVE_NOTIFY_FOLD_WINDOW: '1s', HIVE_NOTIFY_INTERVAL: '200ms', HIVE_DEADLINE_INTERVAL: '200ms' };
    if (testClock) env.HIVE_TEST_CLOCK = 'true';
    if (adminSecondFactor) env.HIVE_ADMIN_SECOND_FACTOR = 'required';
    if (caldavPrivate) env.HIVE_CALDAV_ALLOW_PRIVATE = 'true';
    if (smtp) {
      sink = await startSmtpSink();
      hive = await startHive({ smtpUrl: sink.url, env, localhost });
      hive.smtp = sink;
    } else {
      hive = await startHive({ env, localhost });
    }
    browser = await launchBrowser();
    onReady(hive, browser);
  });
  after(async () => {
    await browser?.close();
    await hive?.stop();
    await sink?.stop();
  });
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.HIVE_E2E_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Runs in every page before the app (withPage): keeps the text of each alert the page shows in
 * window.__hiveAlerts, so that toast() can ask whether the page has shown one. A toast closes
 * itself after a few seconds, and on a busy machine polls for it can fall either side of that.
 */
function recordAlerts() {
  const shown = (window.__hiveAlerts = []);
  const onScreen = new WeakMap(); // alert element -> the text last recorded for it
  const scan = () => {
    for (const alert of document.querySelectorAll('[role="alert"]')) {
      const text = alert.textContent.replace(/\s+/g, ' ').trim();
      if (text && onScreen.get(alert) !== text) {
        onScreen.set(alert, text);
        shown.push(text);
      }
    }
  };
  new MutationObserver(scan).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

/**
 * Waits until the page has shown an alert (a toast, or a form's alert) whose text includes
 * `text`, whether or not it is still on screen. The text found is marked seen, so waiting twice
 * for the same text needs it shown twice; the rest of that alert (its title, say) stays to be
 * waited for.
 */
export async function toast(page, text) {
  await page.waitForFunction(
    (wanted) => {
      const alerts = window.__hiveAlerts ?? [];
      const i = alerts.findIndex((shown) => shown.includes(wanted));
      if (i >= 0) alerts[i] = alerts[i].replace(wanted, '\u0000');
      return i >= 0;
    },
    text,
    { polling: 100 },
  );
}

/**
 * Runs fn with a fresh page (phone-sized when mobile; in the IANA zone timezoneId when given,
 * else the machine's), saving a screenshot if it throws.
 */
export async function withPage(browser, name, fn, { mobile = false, timezoneId } = {}) {
  const context = await browser.newContext({
    viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    locale: 'en-GB',
    reducedMotion: 'reduce',
    ...(timezoneId ? { timezoneId } : {}),
  });
  await context.addInitScript(recordAlerts);
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  try {
    await fn(page);
  } catch (err) {
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    err.message += `\n(screenshot: ${file})`;
    throw err;
  } finally {
    await context.close();
  }
}

/**
 * Waits until every finite animation and transition on the page has finished: a toast or modal
 * still fading in reads to axe as low-contrast text. Endless ones (loaders) are left running.
 */
export async function animationsSettled(page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Waits until check() resolves truthy: server state read from Node (through apiCall, say),
 * polled every 100 ms, failing with `what` after timeout. Use it rather than an async predicate
 * in page.waitForFunction, which does not await a Promise and so passes at once.
 */
export async function waitForState(check, { what = 'the expected state', timeout = 10000 } = {}) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Fails on any serious or critical axe-core violation on the current screen. */
export async function checkA11y(page, screen) {
  await animationsSettled(page);
  // A Mantine modal names itself (aria-labelledby) one render after it mounts: wait briefly for
  // that render, so axe does not catch a dialog between the two. A dialog that never gets a
  // name is still reported, by axe, after the wait.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[role="dialog"]')].every(
          (d) => d.hasAttribute('aria-labelledby') || d.hasAttribute('aria-label'),
        ),
      null,
      { timeout: 2000 },
    )
    .catch(() => {});
  // evaluate() runs through DevTools, so the app's CSP (no inline scripts) stays on.
  const hasAxe = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!hasAxe) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      );
  });
  if (violations.length > 0) {
    throw new Error(`accessibility violations on ${screen}:\n  ${violations.join('\n  ')}`);
  }
}

export async function login(page, hive, email, password = DEMO_PASSWORD) {
  await page.goto(`${hive.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Calls the API in the page's session (with the CSRF token on unsafe methods) for set-up and
 * checks. Fails with the status and body when the answer is not 2xx; returns the parsed body,
 * or null when there is none.
 */
export async function apiCall(hive, page, method, path, body) {
  const headers = {};
  if (method !== 'GET') {
    const token = await page.request.get(`${hive.url}/api/v1/account/token`);
    headers['X-CSRF-Token'] = (await token.json()).token;
  }
  const res = await page.request.fetch(`${hive.url}/api/v1${path}`, {
    method,
    headers,
    data: body,
  });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Steps of one journey that build on each other: step(name, fn) is a test that runs unless an
 * earlier step failed, and is skipped naming that step otherwise, so one failure reads as one.
 */
export function journeySteps() {
  let failed = '';
  return function step(name, fn) {
    test(name, async (t) => {
      if (failed) {
        t.skip(`needs: ${failed}`);
        return;
      }
      try {
        await fn();
      } catch (err) {
        failed = name;
        throw err;
      }
    });
  };
}

/** The months as the app's calendars and date pickers name them (en-GB), from the same locale data. */
export const MONTHS = Array.from({ length: 12 }, (_, m) =>
  new Date(Date.UTC(2000, m, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' }),
);
