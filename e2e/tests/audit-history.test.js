// Audit history: an administrator opens a booking's audit page from the
// booking, sees both versions of a change and its diff, pages through the history and opens a
// user's history; others are offered no Audit button and are refused the page. Every locator is
// scoped to the main region, its table or the open listbox.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiCall, checkA11y, login, useHive, withPage } from "../harness.js";

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const main = (page) => page.getByRole("main");

describe("audit history", () => {
  test("an administrator reads a booking history, version by version, with the diff", async () => {
    await withPage(browser, "audit-booking", async (page) => {
      await login(page, hive, "admin@hive.test");
      await page.waitForURL(/\/bookings$/);
      const me = await apiCall(hive, page, "GET", "/account/whoami");
      const list = await apiCall(hive, page, "GET", "/booking?pageSize=20");
      const id = list.items[0].id;
      const before = await apiCall(hive, page, "GET", `/booking/${id}`);
      const title = `${before.title} (audited)`;
      await apiCall(hive, page, "PATCH", `/booking/${id}`, {
        title,
        version: before.version,
      });

      await page.goto(`${hive.url}/bookings/${id}/edit`);
      await main(page).getByRole("heading", { name: title }).waitFor();
      await main(page).getByRole("link", { name: "Audit" }).click();
      await page.waitForURL(new RegExp(`/bookings/${id}/audit$`));
      await main(page)
        .getByRole("heading", { name: `Audit history: booking ${id}` })
        .waitFor();
      const history = main(page).getByRole("table", {
        name: "Audit history of this booking",
      });
      await history.waitFor();

      // The change just made is the newest entry: version 2 of the booking, by the administrator.
      const newest = history.getByRole("row").nth(1);
      await newest.getByText("UPDATE", { exact: true }).waitFor();
      await newest.getByText("Booking", { exact: true }).waitFor();
      await newest
        .getByText(`${me.fullName} (#${me.id})`, { exact: true })
        .waitFor();
      assert.equal(await newest.getByRole("cell").nth(4).textContent(), "2");
      await checkA11y(page, "booking audit history");

      await newest
        .getByRole("button", {
          name: `Show changes of Booking ${id} version 2`,
        })
        .click();
      const hide = newest.getByRole("button", {
        name: `Hide changes of Booking ${id} version 2`,
      });
      assert.equal(await hide.getAttribute("aria-expanded"), "true");
      const changes = main(page).getByRole("table", {
        name: `Changes in Booking ${id} version 2`,
      });
      const titleRow = changes.getByRole("row", { name: /^Title/ });
      await titleRow
        .getByRole("cell", { name: before.title, exact: true })
        .waitFor();
      await titleRow.getByRole("cell", { name: title, exact: true }).waitFor();
      // Internal fields stay out of the diff.
      assert.equal(
        await changes.getByRole("rowheader", { name: "Version" }).count(),
        0,
      );
      await checkA11y(page, "booking audit diff");

      // Version 1 of the booking is there too (its placements' and instructions' entries with it).
      const sources = await history.getByRole("row").allTextContents();
      assert.ok(
        sources.some((t) => t.includes("INSERT") && t.includes("Booking")),
        sources.join("\n"),
      );
      assert.ok(
        sources.some((t) => t.includes("Placement")),
        "placement entries in the history",
      );

      // Five entries a page.
      await main(page).getByRole("combobox", { name: "Rows per page" }).click();
      const sizes = page.getByRole("listbox");
      assert.deepEqual(await sizes.getByRole("option").allTextContents(), [
        "5",
        "10",
        "20",
        "50",
        "100",
      ]);
      await sizes.getByRole("option", { name: "5", exact: true }).click();
      // One row per entry (an open diff adds a row of its own, without data-entry).
      await page.waitForFunction(
        () =>
          document.querySelectorAll(
            'table[aria-label="Audit history of this booking"] tr[data-entry]',
          ).length === 5,
      );
      // The next page holds older entries.
      const firstEntry = () =>
        page.evaluate(() =>
          Number(
            document
              .querySelector(
                'table[aria-label="Audit history of this booking"] tr[data-entry]',
              )
              ?.getAttribute("data-entry"),
          ),
        );
      const newestId = await firstEntry();
      await main(page)
        .getByRole("button", { name: "Page 2", exact: true })
        .click();
      await page.waitForFunction(
        (before) =>
          Number(
            document
              .querySelector(
                'table[aria-label="Audit history of this booking"] tr[data-entry]',
              )
              ?.getAttribute("data-entry"),
          ) < before,
        newestId,
      );
      await checkA11y(page, "booking audit history, five a page");
    });
  });

  test("an administrator opens a user's history from the profile", async () => {
    await withPage(
      browser,
      "audit-user",
      async (page) => {
        await login(page, hive, "admin@hive.test");
        await page.waitForURL(/\/bookings$/);
        // Their own profile: the account the demo seeding created (version 1, by the system).
        const { id: userId } = await apiCall(
          hive,
          page,
          "GET",
          "/account/whoami",
        );
        await page.goto(`${hive.url}/users/${userId}/edit`);
        await main(page).getByRole("link", { name: "Audit" }).click();
        await page.waitForURL(new RegExp(`/users/${userId}/audit$`));
        await main(page)
          .getByRole("table", { name: "Audit history of this user" })
          .waitFor();
        await checkA11y(page, "user audit history on a phone");
      },
      { mobile: true },
    );
  });

  test("others see no Audit button and are refused the page", async () => {
    await withPage(browser, "audit-refused", async (page) => {
      await login(page, hive, "dept@hive.test");
      await page.waitForURL(/\/bookings$/);
      const list = await apiCall(hive, page, "GET", "/booking?pageSize=20");
      const id = list.items[0].id;
      await page.goto(`${hive.url}/bookings/${id}/edit`);
      await main(page).getByText(`Booking ${id} ·`, { exact: false }).waitFor();
      assert.equal(
        await main(page).getByRole("link", { name: "Audit" }).count(),
        0,
      );
      await page.goto(`${hive.url}/bookings/${id}/audit`);
      const refusal = main(page).getByRole("alert");
      await refusal.waitFor();
      assert.match(await refusal.textContent(), /History/);
      await checkA11y(page, "audit history refused");
    });
  });
});
