// The installable app and Web Push: the service worker installs; Hive pushes a new offer to the
// freelancer's device through a local push service, and the very payload it sent, delivered to
// the service worker through the DevTools protocol, shows a notification whose Accept answers the
// offer; offline, the agenda shows its last synced copy, says since when, and turns answers off.
// Settings' "This device" subscribes the browser (PushManager stubbed: Chromium here reaches no
// push service) and unsubscribes it; a change reminder's Acknowledge, clicked in the service
// worker, acknowledges the change and clears it from the manager's Critical tab.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { nextMonthDay, offerToFelix } from "../offers.js";
import {
  advanceClock,
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

useHive(
  (started, launched) => {
    hive = started;
    browser = launched;
  },
  { testClock: true }, // the change reminder is pushed two hours after the change
);
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

/**
 * Delivers payload to the service worker through the DevTools protocol until it shows a
 * notification whose title starts with its own: a worker the browser is still starting may
 * miss a delivery, and the push's tag keeps it one notification. Returns that notification's
 * action titles.
 */
async function deliverUntilShown(page, cdp, regId, payload) {
  const shown = () =>
    page.evaluate(
      async (title) =>
        (await (await navigator.serviceWorker.ready).getNotifications())
          .filter((n) => n.title === title)
          .map((n) => n.actions.map((a) => a.title)),
      payload.title,
    );
  await waitForState(
    async () => {
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: hive.url,
        registrationId: regId,
        data: JSON.stringify(payload),
      });
      return waitForState(async () => (await shown()).length > 0, {
        what: `the notification '${payload.title}'`,
        timeout: 2000,
      }).then(
        () => true,
        () => false,
      );
    },
    { what: `the notification '${payload.title}'`, timeout: 20000 },
  );
  return (await shown())[0];
}

/**
 * Clicks action on the notification titled title, in the service worker: headless Chromium
 * shows no notification to click, so the click is dispatched as the browser would dispatch it,
 * with the notification it shows.
 */
async function clickAction(context, title, action) {
  const [sw] = context.serviceWorkers();
  assert.ok(sw, "the service worker runs");
  await sw.evaluate(
    async ({ title, action }) => {
      const n = (await self.registration.getNotifications()).find(
        (x) => x.title === title,
      );
      self.dispatchEvent(
        new NotificationEvent("notificationclick", { notification: n, action }),
      );
    },
    { title, action },
  );
}

/** Waits until the service worker shows a notification titled title. */
const notificationShown = (page, title) =>
  waitForState(
    () =>
      page.evaluate(
        async (t) =>
          (await (await navigator.serviceWorker.ready).getNotifications()).some(
            (n) => n.title === t,
          ),
        title,
      ),
    { what: `the notification saying '${title}'` },
  );

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

      // The payload Hive sent, delivered to the service worker, shows the notification; its
      // Accept is clicked there.
      assert.deepEqual(await deliverUntilShown(page, cdp, regId, payload), [
        "Accept",
        "Decline",
      ]);
      await clickAction(context, payload.title, "accept");
      await waitForState(
        async () => {
          const b = await call(mpage, "GET", `/booking/${offer.bookingId}`);
          return b.placements[0].instructions[0].supplierStatus === "accepted";
        },
        { what: "the offer accepted from the notification" },
      );
      await notificationShown(page, "Offer accepted.");

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

  test("Settings' This device subscribes the browser, an offer reaches it, and turning it off stops it", async () => {
    // Chromium here reaches no push service: PushManager is stubbed to answer a subscription
    // whose endpoint is the local push service and whose keys it made (real P-256 keys), so
    // what Hive pushes to it is decrypted there. Everything else is the app's own path.
    const phone = pushService.device();
    const laptop = pushService.device(); // another of Felix's devices, subscribed throughout
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "en-GB",
    });
    await context.grantPermissions(["notifications"], { origin: hive.url });
    const seen = []; // the push calls, in order: the app's requests and the stub's calls
    await context.exposeFunction("__hivePushStub", (what) => {
      seen.push(what);
    });
    await context.addInitScript((sub) => {
      if (typeof PushManager === "undefined") return;
      const KEY = "hive-test-push-subscription";
      const b64u = (bytes) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
      const subscription = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({
          endpoint: sub.endpoint,
          expirationTime: null,
          keys: sub.keys,
        }),
        unsubscribe: async () => {
          sessionStorage.removeItem(KEY);
          await window.__hivePushStub("unsubscribe");
          return true;
        },
      });
      PushManager.prototype.getSubscription = async function () {
        return sessionStorage.getItem(KEY) ? subscription() : null;
      };
      PushManager.prototype.subscribe = async function (options) {
        const key = options?.applicationServerKey;
        const bytes =
          key instanceof ArrayBuffer
            ? new Uint8Array(key)
            : new Uint8Array(key.buffer, key.byteOffset, key.byteLength);
        await window.__hivePushStub(
          `subscribe userVisibleOnly=${options?.userVisibleOnly} key=${b64u(bytes)}`,
        );
        sessionStorage.setItem(KEY, "1");
        return subscription();
      };
    }, phone.subscription);
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    page.on("response", (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith("/api/v1/push/"))
        seen.push(
          `${res.request().method()} ${url.pathname.slice(7)} ${res.status()}`,
        );
    });
    const manager = await browser.newContext();
    try {
      await login(page, hive, "freelancer@hive.test");
      await page.waitForURL(/\/bookings$/);
      await waitForState(
        () =>
          page.evaluate(
            async () =>
              (await navigator.serviceWorker.ready).active.state ===
              "activated",
          ),
        { what: "the service worker activated" },
      );
      await call(page, "POST", "/push/subscription", laptop.subscription);
      const { publicKey } = await call(page, "GET", "/push/vapid-public-key");

      await page.goto(`${hive.url}/notifications?tab=settings`);
      const section = page
        .getByRole("tabpanel", { name: "Settings" })
        .getByRole("group", { name: "This device" });
      await section
        .getByRole("button", { name: "Turn on notifications on this device" })
        .click();
      const offers = section.getByRole("switch", {
        name: "New offer on this device",
      });
      await offers.waitFor();
      assert.equal(await offers.isChecked(), true);
      const key = seen.indexOf("GET /push/vapid-public-key 200");
      const subscribed = seen.indexOf(
        `subscribe userVisibleOnly=true key=${publicKey.replace(/=+$/, "")}`,
      );
      const posted = seen.indexOf("POST /push/subscription 200");
      assert.ok(
        key >= 0 && subscribed > key && posted > subscribed,
        `the app fetches the key, subscribes with it, then posts the subscription: ${seen.join(", ")}`,
      );
      await checkA11y(
        page,
        "notification settings with this device on (phone)",
      );

      // An offer reaches the device through the local push service, which decrypts it.
      const mpage = await manager.newPage();
      await login(mpage, hive, "dept@hive.test");
      await mpage.waitForURL(/\/bookings$/);
      await offerToFelix(hive, mpage, {
        title: "Push Device On E2E",
        date: nextMonthDay(23),
      });
      await waitForState(
        () => phone.received.length === 1 && laptop.received.length === 1,
        {
          what: "the offer pushed to both devices",
          timeout: 20000,
        },
      );
      assert.deepEqual(phone.problems, []);
      assert.match(phone.received[0].title, /^New offer: .*Push Device On E2E/);

      // Off: the app removes the subscription from Hive and the browser; the next offer reaches
      // only the other device.
      await section
        .getByRole("button", { name: "Turn off notifications on this device" })
        .click();
      await section
        .getByRole("button", { name: "Turn on notifications on this device" })
        .waitFor();
      assert.ok(
        seen.includes("DELETE /push/subscription 204"),
        seen.join(", "),
      );
      assert.ok(seen.includes("unsubscribe"), seen.join(", "));
      await offerToFelix(hive, mpage, {
        title: "Push Device Off E2E",
        date: nextMonthDay(24),
      });
      await waitForState(() => laptop.received.length === 2, {
        what: "the second offer pushed to the other device",
        timeout: 20000,
      });
      assert.equal(
        phone.received.length,
        1,
        "the device turned off got no push",
      );
    } finally {
      await manager.close();
      await context.close();
    }
  });

  test("a pushed change is acknowledged from its notification and leaves the manager's Critical tab", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "en-GB",
    });
    await context.grantPermissions(["notifications"], { origin: hive.url });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    const signedIn = async (email) => {
      const c = await browser.newContext();
      const p = await c.newPage();
      await login(p, hive, email);
      await p.waitForURL(/\/bookings$/);
      return { context: c, page: p };
    };
    let manager = await signedIn("dept@hive.test");
    try {
      await login(page, hive, "freelancer@hive.test");
      await page.waitForURL(/\/bookings$/);
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
      const phone = pushService.device();
      await call(page, "POST", "/push/subscription", phone.subscription);

      // Felix accepts an offer; the manager then moves its start an hour earlier.
      const offer = await offerToFelix(hive, manager.page, {
        title: "Push Change E2E",
        date: nextMonthDay(25),
      });
      await call(page, "PATCH", "/instruction/status", [
        { id: offer.instructionId, supplierStatus: "accepted" },
      ]);
      const booking = await call(
        manager.page,
        "GET",
        `/booking/${offer.bookingId}`,
      );
      const pl = booking.placements[0];
      const [h, m] = pl.startTime.slice(0, 5).split(":").map(Number);
      await call(manager.page, "PATCH", "/placements", [
        {
          id: pl.id,
          title: pl.title,
          startTime: `${String(h - 1).padStart(2, "0")}:${String(m).padStart(2, "0")}`,
          endTime: pl.endTime.slice(0, 5),
          supplierNotes: pl.supplierNotes,
          unpaidBreaks: pl.unpaidBreaks,
        },
      ]);
      const moved = await call(
        manager.page,
        "GET",
        `/booking/${offer.bookingId}`,
      );
      assert.deepEqual(
        moved.placements[0].instructions.find(
          (i) => i.id === offer.instructionId,
        ).changeToAcknowledge?.fields,
        ["startTime"],
      );
      await manager.context.close();

      // Two hours on (the client's change reminder), the reminder is pushed with Acknowledge.
      await advanceClock(hive, "2h");
      await waitForState(
        () =>
          phone.received.some((p) =>
            p.types?.includes("supplier.change_reminder"),
          ),
        { what: "the change reminder's push", timeout: 20000 },
      );
      assert.deepEqual(phone.problems, []);
      const payload = phone.received.find((p) =>
        p.types?.includes("supplier.change_reminder"),
      );
      assert.match(payload.title, /^Change to acknowledge: /);
      assert.deepEqual(
        payload.actions.map((a) => a.action),
        ["acknowledge"],
      );
      assert.deepEqual(await deliverUntilShown(page, cdp, regId, payload), [
        "Acknowledge",
      ]);
      await clickAction(context, payload.title, "acknowledge");
      await notificationShown(page, "Change acknowledged.");

      // The manager (signed in again: the clock moved on) finds the change gone.
      manager = await signedIn("dept@hive.test");
      const after = await call(
        manager.page,
        "GET",
        `/booking/${offer.bookingId}`,
      );
      const mine = after.placements[0].instructions.find(
        (i) => i.id === offer.instructionId,
      );
      assert.equal(mine.changeToAcknowledge ?? null, null);
      assert.equal(mine.supplierStatus, "accepted");
      await manager.page.goto(`${hive.url}/agenda?tab=critical`);
      const main = manager.page.getByRole("main");
      await main
        .getByRole("article")
        .first()
        .or(main.getByText(/^Nothing critical/))
        .waitFor();
      assert.equal(
        await main
          .getByRole("article")
          .filter({ hasText: new RegExp(`Booking ${offer.bookingId}(?!\\d)`) })
          .count(),
        0,
      );
    } finally {
      await manager.context.close();
      await context.close();
    }
  });
});
