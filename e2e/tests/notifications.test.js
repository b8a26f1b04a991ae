// Notifications: a freelancer offered work sees the unread count in the top
// bar, opens the notification (which marks it read) and the count drops without a reload; an
// administrator reads the freelancer's notifications from their profile, read-only. Axe checks
// the list and the detail, on a desktop and at phone width.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { nextMonthDay, offerToFelix } from "../offers.js";
import {
  apiCall,
  checkA11y,
  login,
  useHive,
  waitForState,
  withPage,
} from "../harness.js";

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const BOOKING_TITLE = "Notifications E2E Cover";
// The worker turns the offer into a notification within a minute and the bell reads the count
// every 30 seconds: the first wait allows for both.
const DELIVERY = 120_000;

const call = (page, method, path, body) =>
  apiCall(hive, page, method, path, body);

/** The bell's accessible name with n unread notifications. */
const bellName = (n) =>
  `${n} unread ${n === 1 ? "notification" : "notifications"}`;

/** As dept@: offers Felix the demo Camera Operator on day `day` of next month. */
const offerFelix = (page, day) =>
  offerToFelix(hive, page, { title: BOOKING_TITLE, date: nextMonthDay(day) });

let felixId;

/** Waits (polling the server's state) until a notification about booking id has reached the signed-in user. */
async function delivered(page, id) {
  await waitForState(
    async () =>
      (await call(page, "GET", "/notification?pageSize=20")).items.some((n) =>
        n.link.startsWith(`/bookings/${id}/`),
      ),
    { what: `a notification about booking ${id}`, timeout: DELIVERY },
  );
}

describe("notifications", () => {
  test("a freelancer sees the unread count, opens the notification and the count drops", async () => {
    let bookingId;
    await withPage(browser, "notifications-setup", async (page) => {
      await login(page, hive, "dept@hive.test");
      await page.waitForURL(/\/bookings$/);
      ({ bookingId, felixId } = await offerFelix(page, 9));
    });

    await withPage(browser, "notifications-freelancer", async (page) => {
      await login(page, hive, "freelancer@hive.test");
      await page.waitForURL(/\/bookings$/);
      const banner = page.getByRole("banner");
      // Wait on state: the offer's notification is delivered (and with it whatever the worker
      // had to tell Felix about the demo's bookings), so the count stops moving.
      await delivered(page, bookingId);
      await page.reload();
      const { unread } = await call(page, "GET", "/notification/stats");
      assert.ok(unread > 0, "Felix has unread notifications");
      const bell = banner.getByRole("link", { name: bellName(unread), exact: true });
      await bell.waitFor(); // the bell shows the server's count

      // The list: the new offer's notification, unread in words.
      await bell.click();
      await page.waitForURL(/\/notifications$/);
      await page
        .getByRole("heading", { name: "Notifications", level: 1 })
        .waitFor();
      const list = page.getByRole("region", { name: "Notifications" });
      const { items } = await call(
        page,
        "GET",
        "/notification?unreadOnly=true",
      );
      const offer = items.find((n) =>
        n.link.startsWith(`/bookings/${bookingId}/`),
      );
      assert.ok(offer, `a notification links to booking ${bookingId}`);
      const row = list
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name: offer.subject }) });
      await row.getByText("Unread", { exact: true }).waitFor();
      await checkA11y(page, "notifications (freelancer)");

      // Opening it marks it read; the bell's count drops without a reload.
      await row.getByRole("link", { name: offer.subject }).click();
      await page.waitForURL(new RegExp(`/notifications/${offer.id}$`));
      const article = page.getByRole("article", { name: offer.subject });
      await article.getByText("Read", { exact: true }).waitFor();
      await banner
        .getByRole("link", { name: bellName(unread - 1), exact: true })
        .waitFor();
      const opened = await call(page, "GET", `/notification/${offer.id}`);
      assert.ok(opened.readReceipt, "the server holds a read receipt");
      assert.match(
        await article
          .getByRole("link", { name: "Open the page it concerns" })
          .getAttribute("href"),
        new RegExp(`^/bookings/${bookingId}/edit`),
      );
      await checkA11y(page, "notification (freelancer)");

      // Back in the list the row reads Read; at phone width the page fits.
      await page.getByRole("link", { name: "Back to notifications" }).click();
      await page.waitForURL(/\/notifications$/);
      await row.getByText("Read", { exact: true }).waitFor();
      await page.setViewportSize({ width: 375, height: 812 });
      const card = list
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: offer.subject }) });
      await card.getByText("Read", { exact: true }).waitFor();
      await checkA11y(page, "notifications (phone)");
      const overflow = await page.evaluate(
        () =>
          document.documentElement.scrollWidth -
          document.documentElement.clientWidth,
      );
      assert.ok(
        overflow <= 0,
        `the list scrolls sideways by ${overflow}px at 375 px`,
      );
    });
  });

  test("an administrator reads a user's notifications from the profile, read-only", async () => {
    assert.ok(felixId, "the first test found Felix");
    let bookingId;
    await withPage(browser, "notifications-admin-setup", async (page) => {
      await login(page, hive, "dept@hive.test");
      await page.waitForURL(/\/bookings$/);
      ({ bookingId } = await offerFelix(page, 10));
    });
    await withPage(browser, "notifications-admin", async (page) => {
      await login(page, hive, "admin@hive.test");
      await page.waitForURL(/\/bookings$/);
      // The worker's delivery of the second offer, seen through the administrators' read.
      let unread;
      await waitForState(
        async () => {
          const { items } = await call(page, "GET", `/notification/by-user/${felixId}`);
          unread = items.find(
            (n) => !n.readReceipt && n.link.startsWith(`/bookings/${bookingId}/`),
          );
          return unread;
        },
        { what: "the second offer's notification", timeout: DELIVERY },
      );
      await page.goto(`${hive.url}/users/${felixId}/edit`);
      await page.getByRole("link", { name: "View Notifications" }).click();
      await page.waitForURL(new RegExp(`/notifications\\?userId=${felixId}$`));
      await page.getByRole("heading", { name: /^Notifications of / }).waitFor();
      const list = page.getByRole("region", { name: "Notifications" });
      const link = list.getByRole("link", { name: unread.subject }).first();
      await checkA11y(page, "a user's notifications (admin)");

      await link.click();
      await page.waitForURL(
        new RegExp(`/notifications/${unread.id}\\?userId=${felixId}$`),
      );
      const article = page.getByRole("article", { name: unread.subject });
      await article.getByText(/^To /).waitFor();
      await article.getByText("Unread", { exact: true }).waitFor();
      await checkA11y(page, "a user's notification (admin)");
      const after = await call(page, "GET", `/notification/${unread.id}`);
      assert.equal(
        after.readReceipt,
        undefined,
        "an administrator's read leaves it unread",
      );
    });
  });
});
