// Document signing and the guides. Without DocuSeal a department manager
// finds the form builder's failure message, asks the freelancers of a booking to sign a linked
// document, and Felix finds it on Document Signing (on a phone); the guides open from the
// sidebar's Support section. A second Hive is configured with a fake DocuSeal this file runs:
// the builder loads from it with a token it verifies, a template request gives Felix a DocuSeal
// signing form, and DocuSeal's completed-signing webhook marks the document Completed. Axe checks
// every screen.
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { startFakeDocuSeal } from "../docuseal-fake.js";
import {
  apiCall,
  checkA11y,
  journeySteps,
  login,
  startHive,
  useHive,
  withPage,
} from "../harness.js";
import { nextMonthDay, offerToFelix } from "../offers.js";

const FAILED = "Failed to load the form builder. Please try again later.";
const WEBHOOK_SECRET = "e2e-webhook-secret";

let hive; // without DocuSeal
let browser;
let docuSeal; // the fake DocuSeal
let hiveOn; // with the fake DocuSeal

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

before(async () => {
  docuSeal = await startFakeDocuSeal();
  hiveOn = await startHive({
    env: {
      HIVE_DOCUSEAL_URL: docuSeal.url,
      HIVE_DOCUSEAL_API_KEY: docuSeal.apiKey,
      HIVE_DOCUSEAL_USER_EMAIL: "owner@docuseal.test",
      HIVE_DOCUSEAL_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
});

after(async () => {
  await hiveOn?.stop();
  await docuSeal?.stop();
});

const main = (page) => page.getByRole("main");
const nav = (page) => page.getByRole("navigation", { name: "Main navigation" });
const requestForm = (page) =>
  main(page).getByRole("form", { name: "Ask freelancers to sign" });

/** Signs in and waits for the shell. */
async function signIn(page, on, email) {
  await login(page, on, email);
  await nav(page).waitFor();
}

/** Fills the request form for booking `title` and the rest of `fields`, then asks. */
async function askToSign(page, { booking, title, due, link, template }) {
  const form = requestForm(page);
  await form.getByRole("combobox", { name: /^Booking/ }).fill(booking);
  await page.getByRole("option", { name: new RegExp(`^${booking}`) }).click();
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel(/^Due date/).fill(due);
  if (link) await form.getByLabel(/^Document link/).fill(link);
  if (template) {
    await form.getByText("DocuSeal template", { exact: true }).click();
    await form
      .getByRole("textbox", { name: /^DocuSeal template/ })
      .fill(String(template));
  }
  await form.getByRole("button", { name: "Ask to sign" }).click();
  await page
    .getByRole("alert")
    .getByText(`Asked 1 freelancer to sign ${title}.`)
    .waitFor();
}

const step = journeySteps();
// At least ten days off whatever today is, so the request is never urgent (due within two days)
// and Felix's card says Pending: next month's 1st is urgent on the last days of a month.
const due = nextMonthDay(10);

step(
  "without DocuSeal the builder says it failed; the manager asks Felix to sign a link",
  async () => {
    await withPage(browser, "documents-off-builder", async (page) => {
      await signIn(page, hive, "dept@hive.test");
      await offerToFelix(hive, page, {
        title: "Documents E2E Cover",
        date: nextMonthDay(12),
      });
      await nav(page).getByRole("link", { name: "Document Builder" }).click();
      await main(page)
        .getByRole("heading", { name: "Document Builder", level: 1 })
        .waitFor();
      await main(page).getByRole("alert").getByText(FAILED).waitFor();
      await checkA11y(page, "/document-builder without DocuSeal");

      await askToSign(page, {
        booking: "Documents E2E Cover",
        title: "Location release",
        due,
        link: "https://docs.example.com/location-release.pdf",
      });
      const asked = main(page).getByRole("region", {
        name: "Documents you asked for",
      });
      await asked.getByText("Location release").waitFor();
      await asked.getByText(/for Felix/).waitFor();
      await checkA11y(page, "/document-builder with a request");
    });
  },
);

step(
  "Felix, on a phone, finds the document to sign from the sidebar",
  async () => {
    await withPage(
      browser,
      "documents-freelancer",
      async (page) => {
        await login(page, hive, "freelancer@hive.test");
        await page.getByRole("button", { name: "Open navigation" }).click();
        await nav(page).getByRole("link", { name: "Document Signing" }).click();
        await main(page)
          .getByRole("heading", { name: "Document Signing", level: 1 })
          .waitFor();
        const card = main(page)
          .getByRole("listitem")
          .filter({ hasText: "Location release" });
        await card.getByText("Pending").waitFor();
        const sign = card.getByRole("link", { name: /^Sign Location release/ });
        assert.equal(
          await sign.getAttribute("href"),
          "https://docs.example.com/location-release.pdf",
        );
        assert.equal(await sign.getAttribute("target"), "_blank");
        const sideways = await page.evaluate(
          () =>
            document.documentElement.scrollWidth >
            document.documentElement.clientWidth,
        );
        assert.equal(sideways, false, "no sideways scroll on a phone");
        await checkA11y(page, "/document-signing on a phone");
      },
      { mobile: true },
    );
  },
);

step("the guides open from the Support section", async () => {
  await withPage(browser, "guides", async (page) => {
    await signIn(page, hive, "freelancer@hive.test");
    assert.equal(
      await nav(page).getByRole("link", { name: "Admin Guide" }).count(),
      0,
    );
    await nav(page).getByRole("link", { name: "User Guide" }).click();
    await main(page)
      .getByRole("heading", { name: "User Guide", level: 1 })
      .waitFor();
    await main(page)
      .getByRole("heading", { name: "Document signing", level: 2 })
      .waitFor();
    await checkA11y(page, "/user-guide");
  });
  await withPage(browser, "admin-guide", async (page) => {
    await signIn(page, hive, "admin@hive.test");
    await nav(page).getByRole("link", { name: "Admin Guide" }).click();
    await main(page)
      .getByRole("heading", { name: "Admin Guide", level: 1 })
      .waitFor();
    await main(page)
      .getByRole("heading", { name: "Audit history", level: 2 })
      .waitFor();
    await checkA11y(page, "/admin-guide");
  });
});

step(
  "with DocuSeal the builder loads with a token DocuSeal verifies",
  async () => {
    await withPage(browser, "documents-on-builder", async (page) => {
      await signIn(page, hiveOn, "dept@hive.test");
      await page.goto(`${hiveOn.url}/document-builder`);
      await main(page)
        .getByText("DocuSeal builder ready for dept@hive.test")
        .waitFor();
      assert.equal(await main(page).getByText(FAILED).count(), 0);
      await checkA11y(page, "/document-builder with DocuSeal");
    });
  },
);

step(
  "a DocuSeal request gives Felix a signing form; the webhook completes it once",
  async () => {
    await withPage(browser, "documents-on-request", async (page) => {
      await signIn(page, hiveOn, "dept@hive.test");
      await offerToFelix(hiveOn, page, {
        title: "Documents E2E Signing",
        date: nextMonthDay(13),
      });
      await page.goto(`${hiveOn.url}/document-builder`);
      await main(page)
        .getByText("DocuSeal builder ready for dept@hive.test")
        .waitFor();
      await askToSign(page, {
        booking: "Documents E2E Signing",
        title: "Crew NDA",
        due,
        template: 7,
      });
    });
    assert.equal(docuSeal.submissions.length, 1);
    assert.equal(docuSeal.submissions[0].template_id, 7);
    assert.equal(
      docuSeal.submissions[0].submitters[0].email,
      "freelancer@hive.test",
    );

    const deliver = (secret) =>
      fetch(`${hiveOn.url}/api/v1/docuseal/webhook`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Hive-Docuseal-Secret": secret,
        },
        body: JSON.stringify({
          event_type: "form.completed",
          timestamp: new Date().toISOString(),
          data: {
            id: 701,
            email: "freelancer@hive.test",
            status: "completed",
            submission: { id: 801 },
          },
        }),
      });
    assert.equal((await deliver("wrong")).status, 401);
    await withPage(browser, "documents-on-freelancer", async (page) => {
      await signIn(page, hiveOn, "freelancer@hive.test");
      await page.goto(`${hiveOn.url}/document-signing`);
      const card = main(page)
        .getByRole("listitem")
        .filter({ hasText: "Crew NDA" });
      await card.getByText("Pending").waitFor();
      const sign = card.getByRole("link", { name: /^Sign Crew NDA/ });
      assert.equal(await sign.getAttribute("href"), `${docuSeal.url}/s/e2e1`);

      const first = await deliver(WEBHOOK_SECRET);
      assert.equal(first.status, 200);
      assert.deepEqual(await first.json(), { completed: true });
      const again = await deliver(WEBHOOK_SECRET);
      assert.equal(again.status, 200);
      assert.deepEqual(await again.json(), { completed: false });

      await page.reload();
      await card.getByText("Completed").waitFor();
      assert.equal(await card.getByRole("link", { name: /^Sign/ }).count(), 0);
      const mine = await apiCall(hiveOn, page, "GET", "/document-signing");
      assert.equal(
        mine.items.filter((d) => d.status === "completed").length,
        1,
      );
      await checkA11y(page, "/document-signing with a completed document");
    });
  },
);
