// Past dates and Recent Booking Changes: a department manager books last month's dates (recording
// work already done): the form names the dates already gone and books them only once confirmed.
// Felix is then offered one of them; Recent Booking Changes lists that change first by default,
// though it belongs to last month, and 'By month' narrows the list to one month's placements.
// Every locator is scoped to its form, dialog or region.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  apiCall,
  checkA11y,
  login,
  toast,
  useHive,
  withPage,
} from "../harness.js";

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const TITLE = "E2E Past Work";
const main = (page) => page.getByRole("main");

/** Day n of last month as YYYY-MM-DD, in the browser's calendar (the form's). */
function lastMonthDay(n) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() - 1, n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(n).padStart(2, "0")}`;
}

describe("booking dates and changes", () => {
  test("past dates are named and booked once confirmed; the change leads Recent Booking Changes", async () => {
    await withPage(browser, "booking-dates-and-changes", async (page) => {
      await login(page, hive, "dept@hive.test");
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/bookings/create`);
      const form = main(page).getByRole("form", { name: "Create Booking" });
      await form.getByRole("combobox", { name: "Job Template" }).click();
      await page
        .getByRole("listbox")
        .getByRole("option", { name: /Premier League Football/ })
        .click();
      await form
        .getByRole("checkbox", { name: /Overnight Transmission/ })
        .waitFor();
      for (const name of [
        /Sound Supervisor/,
        /VT Editor/,
        /Overnight Transmission/,
      ]) {
        await form.getByRole("checkbox", { name }).uncheck();
      }
      await form.getByRole("textbox", { name: "Title" }).fill(TITLE);
      // Range mode: the 8th to the 10th of last month, every one of them gone.
      await main(page).getByRole("button", { name: "Previous month" }).click();
      const day = (n) =>
        main(page).getByRole("gridcell", {
          name: new RegExp(`^\\w+day ${n} `),
        });
      await day(8).click();
      await day(10).click();
      await main(page).getByText("Dates (3 selected)").waitFor();

      // The form asks first, naming the three dates; Back books nothing.
      await form.getByRole("button", { name: "Create Booking" }).click();
      const ask = page.getByRole("dialog", { name: "Book past dates?" });
      await ask.getByText("These dates are in the past:").waitFor();
      const listed = ask
        .getByRole("list", { name: "Past dates" })
        .getByRole("listitem");
      assert.equal(await listed.count(), 3);
      assert.match(await listed.first().innerText(), /^\w{3}, 08 \w{3} \d{4}$/);
      await checkA11y(page, "past dates confirmation");
      await ask.getByRole("button", { name: "Back" }).click();
      await ask.waitFor({ state: "hidden" });
      assert.match(page.url(), /\/bookings\/create$/);

      // Confirmed, the booking is made on those dates (the API takes past work).
      await form.getByRole("button", { name: "Create Booking" }).click();
      await ask.getByRole("button", { name: "Book past dates" }).click();
      await toast(page, "The booking was created with 3 placements.");
      await page.waitForURL(/\/bookings\/\d+\/edit$/);
      const bookingId = Number(page.url().match(/\/bookings\/(\d+)\/edit/)[1]);
      const booking = await apiCall(hive, page, "GET", `/booking/${bookingId}`);
      assert.deepEqual(
        booking.placements.map((p) => p.date),
        [lastMonthDay(8), lastMonthDay(9), lastMonthDay(10)],
      );

      // Felix is offered the first day: the latest change of all.
      const first = booking.placements[0];
      const suppliers = await apiCall(
        hive,
        page,
        "GET",
        `/booking/${bookingId}/placement-template/${first.placementTemplateId}/available-suppliers?placementIds=${first.id}`,
      );
      const felix = suppliers.items.find(
        (s) => s.user.email === "freelancer@hive.test",
      );
      assert.ok(felix, "Felix is an available supplier");
      await apiCall(hive, page, "POST", `/placement/${first.id}/grant`, {
        userIds: [felix.user.id],
        placementIds: [first.id],
      });
      const offered = await apiCall(hive, page, "GET", `/booking/${bookingId}`);
      const offer = offered.placements[0].instructions.find(
        (i) => i.userId === felix.user.id,
      );

      // Recent Booking Changes lists every date's changes, newest first: last month's offer leads.
      await page.goto(`${hive.url}/bookings/list`);
      await main(page)
        .getByRole("heading", { name: "Recent Booking Changes" })
        .waitFor();
      const dates = main(page).getByRole("radiogroup", { name: "Dates" });
      assert.equal(
        await dates.getByRole("radio", { name: "All dates" }).isChecked(),
        true,
      );
      const grid = main(page).getByRole("tabpanel", { name: "All" });
      // The grid's rows are instructions (row id): Felix's offer is the first.
      const firstRow = grid.locator('.ag-row[row-index="0"]', {
        hasText: TITLE,
      });
      await firstRow.waitFor();
      assert.equal(await firstRow.getAttribute("row-id"), String(offer.id));
      await checkA11y(page, "recent booking changes, all dates");

      // By month: this month's placements only, so last month's booking leaves the list; the
      // previous month has it again.
      const ours = grid.locator(".ag-row", { hasText: TITLE });
      await dates.getByText("By month", { exact: true }).click();
      await main(page)
        .getByRole("button", { name: "Previous month" })
        .waitFor();
      await ours.first().waitFor({ state: "detached" });
      await main(page).getByRole("button", { name: "Previous month" }).click();
      await ours.first().waitFor();
    });
  });
});
