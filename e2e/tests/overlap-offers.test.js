// Offers that cannot be worked: Felix has accepted the Evening News (the News desk's) on the 8th
// of next month, 16:00-22:30. The Sport desk (dept@, who may not see the News desk's bookings)
// opens Invite for its Camera Operator on the 8th and the 10th: Felix is shown free for one of
// the two, booked over the other by "other work (busy)" with its times, never the News desk's
// title. Invited anyway, the offer of the 8th is refused with the times and a pointer to a
// pencil, and the 10th is offered. For the 8th alone he cannot be offered, only pencilled, and
// the pencil is placed. Set-up goes through the API; the Sport desk's steps through the UI.
// Every step waits on state, never on time; locators are scoped to their dialog or region.
import { describe } from "node:test";
import assert from "node:assert/strict";
import { bookCamera, nextMonthDay } from "../offers.js";
import {
  apiCall,
  checkA11y,
  journeySteps,
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

const NEWS_TITLE = "Overlap E2E Evening News";
const MATCH_TITLE = "Overlap E2E Match Cover";
// The demo keeps Felix's accepted work off days 8-10 of next month.
const BOOKED_DAY = nextMonthDay(8);
const FREE_DAY = nextMonthDay(10);
const BOOKED_TIMES = /other work \(busy\), \w{3} 8 \w{3} 16:00–22:30\./;
const PENCIL =
  "To ask for them anyway, send a pencil (hold) instead of an offer.";

const journey = { felixId: 0, match: null };
const step = journeySteps();

const call = (page, method, path, body) =>
  apiCall(hive, page, method, path, body);

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** The Placements region of the match's booking page, with its grid drawn. */
async function placements(page) {
  await page.goto(`${hive.url}/bookings/${journey.match.id}/edit`);
  const region = page
    .getByRole("main")
    .getByRole("region", { name: "Placements" });
  await region.getByRole("grid").waitFor();
  return region;
}

/** Opens Invite for the placements rows selects. */
async function invite(page, region, rows, count) {
  for (let i = 0; i < count; i++)
    await rows.nth(i).getByRole("checkbox").check();
  await region.getByText(`${count} selected`).waitFor();
  await region
    .getByRole("toolbar", { name: "Placement actions" })
    .getByRole("button", { name: "Invite", exact: true })
    .click();
  const modal = page.getByRole("dialog", { name: "Invite" });
  await modal.getByRole("checkbox", { name: "Invite Felix Reid" }).waitFor();
  return modal;
}

/** Felix's live instructions in the match, by placement date. */
async function felixInMatch(page) {
  const b = await call(page, "GET", `/booking/${journey.match.id}`);
  return b.placements.flatMap((p) =>
    p.instructions
      .filter((i) => i.userId === journey.felixId && !i.deletedAt)
      .map((i) => ({ date: p.date, kind: i.kind })),
  );
}

describe("offers that cannot be worked", () => {
  step(
    "the News desk books Felix on the 8th, and he is confirmed",
    async () => {
      await withPage(browser, "overlap-setup", async (page) => {
        await signIn(page, "manager@hive.test");
        const briefs = await call(page, "GET", "/job/brief");
        const job = briefs.find((b) => b.title === "Evening News");
        const template = await call(page, "GET", `/job-template/${job.id}`);
        const autocue = template.placementTemplates.find(
          (p) => p.title === "Autocue Operator",
        );
        const news = await call(page, "POST", "/booking", {
          jobTemplateId: job.id,
          title: NEWS_TITLE,
          dates: [BOOKED_DAY],
          placementTemplateIds: [autocue.id],
          periodType: "custom",
          type: "default",
        });
        const placement = news.placements[0].id;
        const suppliers = await call(
          page,
          "GET",
          `/booking/${news.id}/placement-template/${autocue.id}/available-suppliers?placementIds=${placement}`,
        );
        const felix = suppliers.items.find(
          (s) => s.user.email === "freelancer@hive.test",
        );
        assert.ok(felix, "Felix may be instructed by the News desk");
        journey.felixId = felix.user.id;
        await call(page, "POST", `/placement/${placement}/grant`, {
          userIds: [felix.user.id],
          placementIds: [placement],
        });
        const after = await call(page, "GET", `/booking/${news.id}`);
        const offer = after.placements[0].instructions.find(
          (i) => i.userId === felix.user.id,
        );
        await call(page, "PATCH", "/instruction/status", [
          { id: offer.id, supplierStatus: "accepted" },
        ]);
      });
    },
  );

  step(
    "the Sport desk sees Felix booked on the 8th by other work (busy), and its times",
    async () => {
      await withPage(browser, "overlap-invite", async (page) => {
        await signIn(page, "dept@hive.test");
        const { booking } = await bookCamera(hive, page, {
          title: MATCH_TITLE,
          dates: [BOOKED_DAY, FREE_DAY],
        });
        journey.match = booking;
        const region = await placements(page);
        const rows = region.getByRole("row", { name: /No user assigned/ });
        await rows.nth(1).waitFor();
        const modal = await invite(page, region, rows, 2);
        const felix = modal.getByRole("row").filter({ hasText: "Felix Reid" });
        await felix.getByText("50%").waitFor();
        const mark = felix.getByTestId("booked-mark");
        assert.match(
          await mark.innerText(),
          new RegExp(
            `Already booked at an overlapping time: ${BOOKED_TIMES.source}`,
          ),
        );
        assert.ok(
          !(await modal.innerText()).includes(NEWS_TITLE),
          "the News desk's job is not named",
        );
        await checkA11y(page, "invite: a freelancer booked over one placement");

        // Invited anyway: the 8th is refused with the times and the pencil, the 10th is offered.
        await felix
          .getByRole("checkbox", { name: "Invite Felix Reid" })
          .check();
        await modal.getByRole("button", { name: "Invite (1)" }).click();
        await toast(page, PENCIL);
        await toast(page, "Sent out 1 new instruction.");
        await modal.waitFor({ state: "hidden" });
        assert.deepEqual(await felixInMatch(page), [
          { date: FREE_DAY, kind: "offer" },
        ]);
      });
    },
  );

  step(
    "for the 8th alone Felix can only be pencilled, and the pencil is placed",
    async () => {
      await withPage(browser, "overlap-pencil", async (page) => {
        await signIn(page, "dept@hive.test");
        const region = await placements(page);
        const rows = region.getByRole("row", { name: /No user assigned/ });
        const modal = await invite(page, region, rows, 1);
        const box = modal.getByRole("checkbox", { name: "Invite Felix Reid" });
        assert.ok(
          await box.isDisabled(),
          "an offer to a booked freelancer is not offered",
        );
        await modal.getByText("Pencil (hold)", { exact: true }).click();
        assert.ok(
          await modal.getByRole("radio", { name: "Pencil (hold)" }).isChecked(),
        );
        await box.check();
        await modal.getByRole("button", { name: "Pencil (1)" }).click();
        await toast(page, "Placed 1 new hold.");
        await modal.waitFor({ state: "hidden" });
        const felix = await felixInMatch(page);
        assert.deepEqual(
          felix.sort((a, b) => a.date.localeCompare(b.date)),
          [
            { date: BOOKED_DAY, kind: "hold" },
            { date: FREE_DAY, kind: "offer" },
          ],
        );
      });
    },
  );
});
