// Changing one's e-mail address, in Debian's Chromium against a real hive: a freelancer changes
// their e-mail address from their profile. A wrong password shows the server's message; the
// address changes only when the link mailed to the new address is followed, which ends the other
// sessions; then the new address signs in and the old one does not.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  apiCall,
  checkA11y,
  login,
  useHive,
  waitForMail,
  withPage,
} from "../harness.js";

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

describe("e-mail change", () => {
  test("a freelancer changes their address through the mailed link", async () => {
    const newEmail = "fay.new@example.com";
    let link;
    await withPage(browser, "email-change-request", async (page) => {
      await login(page, hive, "freelancer@hive.test");
      await page.waitForURL((url) => !url.pathname.startsWith("/login"));
      const me = await apiCall(hive, page, "GET", "/account/whoami");
      await page.goto(`${hive.url}/users/${me.id}/edit`);
      const profile = page.getByRole("form", { name: "Profile" });
      await profile.getByRole("button", { name: "Change email" }).click();

      const dialog = page.getByRole("dialog", { name: "Change email" });
      await dialog.getByLabel("New email address").fill(newEmail);
      await dialog.getByLabel("Current password").fill("not-my-password");
      await dialog
        .getByRole("button", { name: "Send confirmation link" })
        .click();
      await dialog
        .getByText("Error: Your current password is not correct.")
        .waitFor();
      await checkA11y(page, "change email with a wrong password");

      await dialog.getByLabel("Current password").fill("HiveDemo2026!");
      const since = hive.logs.length;
      await dialog
        .getByRole("button", { name: "Send confirmation link" })
        .click();
      await dialog
        .getByText(`We have sent a confirmation link to ${newEmail}`, {
          exact: false,
        })
        .waitFor();

      // The old address is told, without a link; the new one gets the link.
      const notice = await waitForMail(hive, "freelancer@hive.test", since);
      assert.ok(!/token=/.test(notice), `no link in the notice:\n${notice}`);
      const text = await waitForMail(hive, newEmail, since);
      link = text.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
      assert.ok(link, `confirmation link in the mail:\n${text}`);
      // Nothing changed yet.
      assert.equal(
        (await apiCall(hive, page, "GET", "/account/whoami")).email,
        "freelancer@hive.test",
      );

      await withPage(browser, "email-change-confirm", async (other) => {
        await other.goto(link);
        const main = other.getByRole("main");
        await main
          .getByRole("heading", { name: "Confirm your new email address" })
          .waitFor();
        await checkA11y(other, "confirm email");
        await main.getByRole("button", { name: "Confirm new address" }).click();
        // Signed out here: the app sends the visitor to the login page, with the server's message.
        await other.waitForURL(/\/login/);
        await other
          .getByRole("alert")
          .filter({ hasText: "Your email address has been changed." })
          .first()
          .waitFor();
        // The link works once.
        await other.goto(link);
        await main.getByRole("button", { name: "Confirm new address" }).click();
        await other
          .getByRole("alert")
          .filter({
            hasText: "This link is invalid, has been used, or has expired.",
          })
          .first()
          .waitFor();
      });

      // The session that asked has ended with the change.
      await page.reload();
      await page.waitForURL(/\/login/);
    });

    await withPage(browser, "email-change-sign-in", async (page) => {
      await login(page, hive, "freelancer@hive.test");
      await page
        .getByRole("alert")
        .filter({ hasText: "Invalid credentials" })
        .first()
        .waitFor();
      await login(page, hive, newEmail);
      await page.waitForURL((url) => !url.pathname.startsWith("/login"));
      assert.equal(
        (await apiCall(hive, page, "GET", "/account/whoami")).email,
        newEmail,
      );
    });
  });
});
