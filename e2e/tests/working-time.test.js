// The working-time guard: Felix accepts a late shift, then an early shift the
// next morning that would leave him less than 11 hours' rest. The agenda refuses the accept with
// the server's reason, which names the late job; the department manager records a justified
// override on the booking page; the accept then goes through. The offers and their times are set
// up through the API; every answer and the override go through the UI. Locators are scoped to
// their region, dialog or toast. In Chromium against a real hive.
import { describe } from "node:test";
import assert from "node:assert/strict";
import { nextMonthDay, offerToFelix } from "../offers.js";
import {
  apiCall,
  checkA11y,
  journeySteps,
  login,
  useHive,
  withPage,
  waitForState,
} from "../harness.js";

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

// Days of next month with no demo work of Felix's near them (he works the 14th and 15th).
const LATE = {
  title: "Working Time E2E Late Match",
  day: 25,
  start: "14:00",
  end: "23:00",
};
const EARLY = {
  title: "Working Time E2E Breakfast Show",
  day: 26,
  start: "06:00",
  end: "14:00",
};
const REASON = "Agreed with Felix: short turnaround for the breakfast show";

const journey = { late: null, early: null };
const step = journeySteps();

const call = (page, method, path, body) =>
  apiCall(hive, page, method, path, body);

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** As the signed-in manager: offers Felix the shift and sets its times. */
async function offerShift(page, shift) {
  const offer = await offerToFelix(hive, page, {
    title: shift.title,
    date: nextMonthDay(shift.day),
  });
  await call(page, "PATCH", "/placements", [
    {
      id: offer.placementId,
      title: "Camera Operator",
      startTime: shift.start,
      endTime: shift.end,
      supplierNotes: "",
      unpaidBreaks: 0,
    },
  ]);
  return offer;
}

/** Felix's Outstanding tab and the card of a booking on it. */
async function outstandingCard(page, bookingId) {
  await page.goto(`${hive.url}/agenda?tab=outstanding`);
  const outstanding = page.getByRole("tabpanel", { name: /^Outstanding/ });
  const card = outstanding
    .getByRole("article")
    .filter({ hasText: new RegExp(`Booking ${bookingId}(?!\\d)`) });
  await card.waitFor();
  return card;
}

const supplierStatusOf = async (page, offer) => {
  const booking = await call(page, "GET", `/booking/${offer.bookingId}`);
  return booking.placements[0].instructions.find(
    (i) => i.id === offer.instructionId,
  ).supplierStatus;
};

describe("working-time guard: a refused accept names the job in the way", () => {
  step(
    "the manager offers Felix a late shift and an early shift the next morning",
    async () => {
      await withPage(browser, "working-time-setup", async (page) => {
        await signIn(page, "dept@hive.test");
        journey.late = await offerShift(page, LATE);
        journey.early = await offerShift(page, EARLY);
      });
    },
  );

  step(
    "Felix accepts the late shift; the early one is refused naming the late job",
    async () => {
      await withPage(browser, "working-time-refused", async (page) => {
        await signIn(page, "freelancer@hive.test");
        const late = await outstandingCard(page, journey.late.bookingId);
        await late.getByRole("button", { name: "Accept instruction" }).click();
        await late.waitFor({ state: "detached" });

        const early = await outstandingCard(page, journey.early.bookingId);
        await early.getByRole("button", { name: "Accept instruction" }).click();
        const refusal = page
          .getByRole("alert")
          .filter({ hasText: `Less than 11 hours' rest after ${LATE.title}` });
        await refusal.first().waitFor();
        assert.match(
          await refusal.first().innerText(),
          /which ends \w{3} \d+ \w{3} 23:00/,
        );
        await checkA11y(page, "agenda with the rest refusal");
        // Still offered, not accepted.
        await early.waitFor();
        assert.equal(
          await supplierStatusOf(page, journey.early),
          "awaiting_response",
        );
      });
    },
  );

  step(
    "the manager overrides the rest rule for the early shift, with a reason",
    async () => {
      await withPage(browser, "working-time-override", async (page) => {
        await signIn(page, "dept@hive.test");
        await page.goto(`${hive.url}/bookings/${journey.early.bookingId}/edit`);
        const placements = page
          .getByRole("main")
          .getByRole("region", { name: "Placements" });
        await placements.getByRole("grid").waitFor();
        await placements
          .getByRole("row", { name: /Felix Reid/ })
          .getByRole("checkbox")
          .check();
        await placements
          .getByRole("toolbar", { name: "Placement actions" })
          .getByRole("button", { name: "Override Rest Rule", exact: true })
          .click();
        const dialog = page.getByRole("dialog", { name: "Override rest rule" });
        await dialog.waitFor();
        // The reason is required.
        await dialog
          .getByRole("button", { name: "Override rest rule" })
          .click();
        await dialog
          .getByText("A reason is required to override the rest rule")
          .waitFor();
        await dialog.getByRole("textbox", { name: /Reason/ }).fill(REASON);
        await checkA11y(page, "override rest rule dialog");
        await dialog
          .getByRole("button", { name: "Override rest rule" })
          .click();
        await dialog.waitFor({ state: "detached" });
        await page
          .getByRole("alert")
          .filter({ hasText: "The freelancer may now accept this offer." })
          .first()
          .waitFor();
      });
    },
  );

  step("Felix's accept now goes through", async () => {
    await withPage(browser, "working-time-accepted", async (page) => {
      await signIn(page, "freelancer@hive.test");
      const early = await outstandingCard(page, journey.early.bookingId);
      await early.getByRole("button", { name: "Accept instruction" }).click();
      await early.waitFor({ state: "detached" });
      await waitForState(
        async () =>
          (await supplierStatusOf(page, journey.early)) === "accepted",
        {
          what: "the early shift accepted",
        },
      );
    });
  });
});
