// Self-billed invoices end to end: Maya Chen agrees to self-billing on her company's page (Chen
// Camera Ltd, VAT registered); her confirmed placement ends (the test clock moves past it), its
// timesheet is submitted and approved (seeded through the API), the client's manager issues the
// invoice, downloads its PDF (whose text pdftotext reads back: number, parties, VAT, total),
// marks it paid in its dialog, and Maya sees it Paid on her phone. Axe checks every screen.
import { describe } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  advanceClock,
  apiCall,
  checkA11y,
  journeySteps,
  login,
  toast,
  useHive,
  waitForState,
  withPage,
} from "../harness.js";
import { bookCamera, nextMonthDay } from "../offers.js";

let hive;
let browser;

useHive(
  (started, launched) => {
    hive = started;
    browser = launched;
  },
  { testClock: true },
);

const TITLE = "Invoices E2E";
const MAYA = "maya.chen@hive.test";
const DATE = nextMonthDay(9);
const journey = {
  legalEntityId: 0,
  bookingId: 0,
  instructionId: 0,
  clientId: 0,
  timesheetId: 0,
  invoice: null,
};
const step = journeySteps();
const call = (page, method, path, body) =>
  apiCall(hive, page, method, path, body);

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

const main = (page) => page.getByRole("main");
/** The invoice's card on the Invoices page. */
const card = (page) =>
  main(page)
    .getByRole("region", { name: "Invoices" })
    .getByRole("listitem")
    .filter({ hasText: journey.invoice.number });

describe("self-billed invoices", () => {
  step("Maya agrees to self-billing on her company’s page", async () => {
    await withPage(browser, "invoices-agree", async (page) => {
      await signIn(page, MAYA);
      const les = await call(page, "GET", "/legal-entity?name=Chen%20Camera");
      journey.legalEntityId = les.items[0].id;
      await page.goto(
        `${hive.url}/legal-entities/${journey.legalEntityId}/edit`,
      );
      const card = main(page).getByRole("region", { name: "Self-billing" });
      const agree = card.getByRole("switch", { name: "Agree to self-billing" });
      await agree.waitFor();
      assert.equal(await agree.isChecked(), false);
      await checkA11y(page, "the self-billing agreement");
      await agree.click(); // the switch follows the saved answer, so it turns once the server agrees
      await toast(page, "Clients may now issue your invoices.");
      await card.getByText(/^Agreed by Maya Chen on /).waitFor();
    });
  });

  step("Maya is booked and confirmed on a day next month", async () => {
    await withPage(browser, "invoices-book", async (page) => {
      await signIn(page, "dept@hive.test");
      const { booking, camera } = await bookCamera(hive, page, {
        title: TITLE,
        date: DATE,
      });
      const placement = booking.placements[0];
      const suppliers = await call(
        page,
        "GET",
        `/booking/${booking.id}/placement-template/${camera.id}/available-suppliers?placementIds=${placement.id}`,
      );
      const maya = suppliers.items.find((s) => s.user.email === MAYA);
      assert.ok(maya, "Maya is an available supplier");
      await call(page, "POST", `/placement/${placement.id}/grant`, {
        userIds: [maya.user.id],
        placementIds: [placement.id],
      });
      const after = await call(page, "GET", `/booking/${booking.id}`);
      journey.bookingId = booking.id;
      journey.instructionId = after.placements[0].instructions.find(
        (i) => i.userId === maya.user.id,
      ).id;
      journey.clientId = (
        await call(page, "GET", `/department/${after.departmentId}`)
      ).clientId;
    });
    await withPage(browser, "invoices-accept", async (page) => {
      await signIn(page, MAYA);
      await call(page, "PATCH", "/instruction/status", [
        { id: journey.instructionId, supplierStatus: "accepted" },
      ]);
    });
    await withPage(browser, "invoices-confirm", async (page) => {
      await signIn(page, "dept@hive.test");
      await call(page, "PATCH", "/instruction/status", [
        { id: journey.instructionId, clientStatus: "accepted" },
      ]);
    });
  });

  step("after the day its timesheet is submitted and approved", async () => {
    const after = new Date(`${DATE}T00:00:00Z`).getTime() + 2 * 86400e3;
    await advanceClock(hive, `${Math.ceil((after - Date.now()) / 3600e3)}h`);
    await withPage(browser, "invoices-submit", async (page) => {
      await signIn(page, MAYA);
      await waitForState(
        async () => {
          const page1 = await call(page, "GET", "/timesheet?pageSize=100");
          const mine = (page1.items ?? []).find(
            (t) => t.bookingId === journey.bookingId,
          );
          journey.timesheetId = mine?.id ?? 0;
          return Boolean(mine);
        },
        { what: "the timesheet of the ended placement", timeout: 20000 },
      );
      await call(page, "POST", `/timesheet/${journey.timesheetId}/submit`);
    });
    await withPage(browser, "invoices-approve", async (page) => {
      await signIn(page, "dept@hive.test");
      await call(page, "POST", `/timesheet/${journey.timesheetId}/approve`);
    });
  });

  step(
    "the client manager issues the invoice, reads its PDF and marks it paid",
    async () => {
      await withPage(browser, "invoices-manager", async (page) => {
        await signIn(page, "manager@hive.test");
        const issued = await call(page, "POST", "/invoice/issue", {
          clientId: journey.clientId,
          through: DATE,
        });
        journey.invoice = issued.items.find((i) =>
          i.lines.some((l) => l.timesheetId === journey.timesheetId),
        );
        assert.ok(journey.invoice, "the timesheet is on an invoice");
        assert.equal(journey.invoice.status, "issued");

        await page.goto(`${hive.url}/invoices`);
        await card(page).getByText("Issued", { exact: true }).waitFor();
        await main(page)
          .getByRole("table", { name: "Totals per currency" })
          .waitFor();
        await checkA11y(page, "the manager’s invoices");

        const pdf = await page.request.get(
          `${hive.url}/api/v1/invoice/${journey.invoice.id}/pdf`,
        );
        assert.equal(pdf.headers()["content-type"], "application/pdf");
        const text = execFileSync("pdftotext", ["-layout", "-", "-"], {
          input: await pdf.body(),
        }).toString();
        const amount = (minor) =>
          `${journey.invoice.currency} ${(minor / 100).toFixed(2)}`;
        for (const want of [
          `Self-billed invoice ${journey.invoice.number}`,
          `Supplier: ${journey.invoice.supplier.name}`,
          `Client: ${journey.invoice.client.name}`,
          `Due date: ${journey.invoice.dueDate}`,
          `VAT number: ${journey.invoice.supplier.vatNumber}`,
          amount(journey.invoice.vatMinor),
          amount(journey.invoice.totalMinor),
        ]) {
          assert.ok(text.includes(want), `the PDF says "${want}":\n${text}`);
        }

        await card(page).getByRole("button", { name: "Mark paid" }).click();
        const dialog = page.getByRole("dialog", {
          name: `Mark ${journey.invoice.number} paid`,
        });
        await dialog.getByRole("button", { name: /^Paid on/ }).waitFor();
        await checkA11y(page, "the mark paid dialog");
        await dialog.getByRole("button", { name: "Mark paid" }).click();
        await dialog.waitFor({ state: "hidden" });
        await toast(page, `${journey.invoice.number} is marked paid.`);
        await card(page).getByText("Paid", { exact: true }).waitFor();
        assert.equal(
          await card(page).getByRole("button", { name: "Mark paid" }).count(),
          0,
        );
      });
    },
  );

  step("Maya sees the invoice Paid on her phone", async () => {
    await withPage(
      browser,
      "invoices-maya",
      async (page) => {
        await signIn(page, MAYA);
        await page.goto(`${hive.url}/invoices`);
        const mine = card(page);
        await mine.getByText("Paid", { exact: true }).waitFor();
        await mine.getByText(`From ${journey.invoice.client.name}`).waitFor();
        assert.equal(
          await mine.getByRole("button", { name: "Mark paid" }).count(),
          0,
        );
        await mine
          .getByRole("link", {
            name: `Download the PDF of ${journey.invoice.number}`,
          })
          .waitFor();
        await checkA11y(page, "the freelancer’s invoices");
      },
      { mobile: true },
    );
  });
});
