// Whether Chromium would install the app: its own installability check (the DevTools protocol's
// Page.getInstallabilityErrors, on which Lighthouse's installable-manifest audit was built
// until Lighthouse 12 dropped its PWA category), run on the sign-in page of a local Hive once
// the service worker is ready, with the manifest Chromium read. Chromium is launched with a
// profile of its own (chrome-launcher, as run.mjs): an incognito context is never installable.
// A check, run by bench/lighthouse.sh: it fails when Chromium names any error.
import * as chromeLauncher from "chrome-launcher";
// Lighthouse's own driver (a dependency of the lighthouse package this folder installs).
import puppeteer from "puppeteer-core";
import { startHive } from "../../e2e/harness.js";

const hive = await startHive();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.HIVE_E2E_CHROMIUM || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
  ],
});
let failed = false;
try {
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
  });
  const page = await browser.newPage();
  await page.goto(`${hive.url}/login`, { waitUntil: "load" });
  // Installability needs the worker active.
  const state = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.state,
  );
  const cdp = await page.createCDPSession();
  const { installabilityErrors } = await cdp.send(
    "Page.getInstallabilityErrors",
  );
  const { url, errors, data } = await cdp.send("Page.getAppManifest");
  const manifest = data ? JSON.parse(data) : {};
  console.log(
    `installable: worker ${state}; manifest ${url}, ${errors.length} errors, ` +
      `name ${JSON.stringify(manifest.name ?? null)}, display ${manifest.display ?? "?"}, ` +
      `icons ${(manifest.icons ?? []).map((i) => `${i.sizes} ${i.purpose ?? "any"}`).join(", ")}`,
  );
  for (const e of installabilityErrors)
    console.log(
      `installable: ${e.errorId} ${JSON.stringify(e.errorArguments)}`,
    );
  for (const e of errors) console.log(`installable: manifest: ${e.message}`);
  failed = installabilityErrors.length > 0 || errors.length > 0;
  if (!failed)
    console.log("installable: Chromium reports no installability error");
  await browser.disconnect();
} finally {
  await chrome.kill();
  await hive.stop();
}
if (failed) process.exit(1);
