// The installable app and Web Push: the service worker installs; Hive pushes a new offer to the
// freelancer's device through a local push service, and the very payload it sent, delivered to
// the service worker through the DevTools protocol, shows a notification whose Accept answers the
// offer; offline, the agenda shows its last synced copy, says since when, and turns answers off.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { nextMonthDay, offerToFelix } from "../offers.js";
import {
  apiCall,
  checkA11y,
  login,
  useHive,
  waitForState,
} from "../harness.js";
import { startPushService } from "../push-service.js";

let hive;
let browser;
let pushService;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});
before(async () => {
  pushService = await startPushService();
});
after(async () => {
  await pushService?.stop();
});

const call = (page, method, path, body) =>
  apiCall(hive, page, method, path, body);

/** The service worker's registration id, as the DevTools protocol names it. */
async function registrationId(cdp, origin) {
  const seen = new Promise((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const r = registrations.find(
        (x) => x.scopeURL === `${origin}/` && !x.isDeleted,
      );
      if (r) resolve(r.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return seen;
}

describe("installable app and push", () => {
  test("a pushed offer is accepted from its notification; offline the agenda is the last synced copy", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "en-GB",
    });
    await context.grantPermissions(["notifications"], { origin: hive.url });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    try {
      // The manifest is served as what it is, with the icons the install needs.
      const manifest = await page.request.get(
        `${hive.url}/manifest.webmanifest`,
      );
      assert.equal(
        manifest.headers()["content-type"],
        "application/manifest+json",
      );
      const worker = await page.request.get(`${hive.url}/sw.js`);
      assert.equal(worker.headers()["cache-control"], "no-cache");
      assert.match(worker.headers()["content-type"], /javascript/);
      assert.ok(
        (await manifest.json()).icons.some((i) => i.sizes === "512x512"),
      );

      await login(page, hive, "freelancer@hive.test");
      await page.waitForURL(/\/bookings$/);
      // The service worker installs and controls the app.
      await waitForState(
        () =>
          page.evaluate(
            async () =>
              (await navigator.serviceWorker.ready).active.state ===
              "activated",
          ),
        { what: "the service worker activated" },
      );
      const cdp = await context.newCDPSession(page);
      const regId = await registrationId(cdp, hive.url);

      // Felix's device subscribes (the browser's own push service is out of reach in a test,
      // so the device's keys are the local push service's).
      const phone = pushService.device();
      await call(page, "POST", "/push/subscription", phone.subscription);

      // A department manager offers Felix a shift.
      const manager = await browser.newContext();
      const mpage = await manager.newPage();
      await login(mpage, hive, "dept@hive.test");
      await mpage.waitForURL(/\/bookings$/);
      const offer = await offerToFelix(hive, mpage, {
        title: "Push Offer E2E",
        date: nextMonthDay(21),
      });

      await waitForState(() => phone.received.length > 0, {
        what: "the push of the offer",
        timeout: 20000,
      });
      assert.deepEqual(phone.problems, []);
      const payload = phone.received[0];
      assert.match(payload.title, /^New offer: /);
      assert.deepEqual(
        payload.actions.map((a) => a.action),
        ["accept", "decline"],
      );

      // The payload Hive sent, delivered to the service worker, shows the notification. A
      // worker the browser is still starting may miss a delivery: deliver again until shown (the
      // push's tag keeps it one notification).
      const offerShown = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).some(
            (n) => n.title.startsWith("New offer: "),
          ),
        );
      await waitForState(
        async () => {
          await cdp.send("ServiceWorker.deliverPushMessage", {
            origin: hive.url,
            registrationId: regId,
            data: JSON.stringify(payload),
          });
          return waitForState(offerShown, {
            what: "the offer notification",
            timeout: 2000,
          }).then(
            () => true,
            () => false,
          );
        },
        { what: "the offer notification", timeout: 20000 },
      );
      const shown = await page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(
          (n) => ({
            title: n.title,
            actions: n.actions.map((a) => a.title),
          }),
        ),
      );
      assert.deepEqual(shown[0].actions, ["Accept", "Decline"]);

      // Headless Chromium shows no notification to click: the click on Accept is dispatched in
      // the service worker, as the browser would dispatch it, with the notification it shows.
      const [sw] = context.serviceWorkers();
      assert.ok(sw, "the service worker runs");
      await sw.evaluate(async () => {
        const [n] = await self.registration.getNotifications();
        self.dispatchEvent(
          new NotificationEvent("notificationclick", {
            notification: n,
            action: "accept",
          }),
        );
      });
      await waitForState(
        async () => {
          const b = await call(mpage, "GET", `/booking/${offer.bookingId}`);
          return b.placements[0].instructions[0].supplierStatus === "accepted";
        },
        { what: "the offer accepted from the notification" },
      );
      await waitForState(
        () =>
          page.evaluate(async () =>
            (
              await (await navigator.serviceWorker.ready).getNotifications()
            ).some((n) => n.title === "Offer accepted."),
          ),
        { what: "the notification saying 'Offer accepted.'" },
      );

      // A second offer, then the agenda is synced online and the network goes.
      await offerToFelix(hive, mpage, {
        title: "Push Offline E2E",
        date: nextMonthDay(22),
      });
      await manager.close();
      await page.goto(`${hive.url}/agenda?tab=outstanding`);
      const outstanding = page.getByRole("tabpanel", { name: /^Outstanding/ });
      const card = outstanding
        .getByRole("article")
        .filter({ hasText: "Push Offline E2E" });
      await card.getByRole("button", { name: "Accept instruction" }).waitFor();
      assert.equal(
        await card
          .getByRole("button", { name: "Accept instruction" })
          .isEnabled(),
        true,
      );

      await context.setOffline(true);
      await page.reload();
      await page
        .getByRole("status")
        .filter({ hasText: /Offline: showing your agenda as of/ })
        .waitFor();
      await card.waitFor();
      assert.equal(
        await card
          .getByRole("button", { name: "Accept instruction" })
          .isDisabled(),
        true,
      );
      assert.equal(
        await card
          .getByRole("button", { name: "Reject instruction" })
          .isDisabled(),
        true,
      );
      await checkA11y(page, "agenda offline (phone)");

      // Back online, the notice goes and the answers come back.
      await context.setOffline(false);
      await page.reload();
      await card.getByRole("button", { name: "Accept instruction" }).waitFor();
      await waitForState(
        () =>
          card.getByRole("button", { name: "Accept instruction" }).isEnabled(),
        {
          what: "answers back online",
        },
      );
      assert.equal(await page.getByText(/Offline: showing/).count(), 0);
    } finally {
      await context.close();
    }
  });
});
