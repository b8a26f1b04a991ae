// Whether Chromium would install the app, asked twice on the sign-in page of a local Hive:
//  1. Chromium's own installability check (the DevTools protocol's Page.getInstallabilityErrors),
//     once the service worker is ready, with the manifest Chromium read;
//  2. Lighthouse's installable-manifest audit, from Lighthouse 11.7.1 (installed beside 12 as
//     the npm alias lighthouse-pwa: Lighthouse 12 dropped its PWA category and this audit).
// Both run in Debian's Chromium, launched with a profile of its own (chrome-launcher, as
// run.mjs): an incognito context is never installable. A check, run by bench/lighthouse.sh: it
// fails when Chromium names any error or the audit does not pass.
import * as chromeLauncher from "chrome-launcher";
import lighthousePWA from "lighthouse-pwa";
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

  // Lighthouse drives the same Chromium through its port, in a tab of its own.
  const result = await lighthousePWA(`${hive.url}/login`, {
    port: chrome.port,
    onlyAudits: ["installable-manifest"],
    output: "json",
    logLevel: "error",
  });
  const lhr = result?.lhr;
  const audit = lhr?.audits?.["installable-manifest"];
  const passed = audit?.score === 1;
  console.log(
    `lighthouse ${lhr?.lighthouseVersion ?? "?"} installable-manifest: ` +
      `${passed ? "pass" : "FAIL"} (score ${audit?.score ?? "none"}), ` +
      `manifest ${audit?.details?.debugData?.manifestUrl ?? "none"}`,
  );
  for (const item of audit?.details?.items ?? [])
    console.log(
      `lighthouse: installable-manifest: ${item.reason ?? JSON.stringify(item)}`,
    );
  if (audit?.errorMessage) console.log(`lighthouse: ${audit.errorMessage}`);
  if (lhr?.runtimeError) console.log(`lighthouse: ${lhr.runtimeError.message}`);
  failed = failed || !passed;
} finally {
  await chrome.kill();
  await hive.stop();
}
if (failed) process.exit(1);
