// Passkeys, in Debian's Chromium against a real hive reached as http://localhost (WebAuthn takes
// no IP address as its relying party): a freelancer adds a passkey from Settings through the
// DevTools protocol's virtual authenticator (a platform authenticator that keeps discoverable
// credentials and verifies its user), names it, signs out, and signs in with the passkey alone:
// no address, no password. Then the passkey completes a password sign-in as its second step.
import { test } from "node:test";
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

useHive(
  (started, launched) => {
    hive = started;
    browser = launched;
  },
  { localhost: true },
);

test("a freelancer adds a passkey and signs in with it alone", async () => {
  await withPage(browser, "passkeys", async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send(
      "WebAuthn.addVirtualAuthenticator",
      {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      },
    );

    await login(page, hive, "freelancer@hive.test");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));

    // Settings, from the user menu.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await page.waitForURL((url) => url.pathname === "/settings");
    const section = page.getByRole("region", { name: "Passkeys" });
    await section.getByText("You have no passkeys yet.").waitFor();
    await checkA11y(page, "settings without passkeys");

    // Add passkey: name it, and the browser's prompt is answered by the virtual authenticator.
    await section.getByRole("button", { name: "Add passkey" }).click();
    const dialog = page.getByRole("dialog", { name: "Add passkey" });
    await dialog.getByLabel("Passkey name").fill("Work laptop");
    await checkA11y(page, "add passkey dialog");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await toast(page, "The passkey Work laptop can now sign you in.");
    const item = section.getByRole("listitem", { name: "Work laptop" });
    await item.getByText("Not used yet", { exact: false }).waitFor();
    await checkA11y(page, "settings with a passkey");

    const { credentials } = await cdp.send("WebAuthn.getCredentials", {
      authenticatorId,
    });
    assert.equal(credentials.length, 1, "the authenticator holds one passkey");
    assert.ok(credentials[0].isResidentCredential, "a discoverable passkey");
    assert.equal(credentials[0].rpId, "localhost");

    // Sign out.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await page.waitForURL(/\/login/);

    // Sign in with the passkey alone: no address, no password typed.
    const passkey = page.getByRole("button", {
      name: "Sign in with a passkey",
    });
    await passkey.waitFor();
    await checkA11y(page, "login with a passkey button");
    await passkey.click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await toast(page, "Login successful.");
    const me = await apiCall(hive, page, "GET", "/account/whoami");
    assert.equal(me.email, "freelancer@hive.test");

    // The passkey now shows when it was last used.
    await page.goto(`${hive.url}/settings`);
    await page
      .getByRole("region", { name: "Passkeys" })
      .getByRole("listitem", { name: "Work laptop" })
      .getByText("Last used", { exact: false })
      .waitFor();

    // The passkey is a second factor: the password sign-in asks for it, and it completes it.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await page.waitForURL(/\/login/);
    await login(page, hive, "freelancer@hive.test");
    await page.waitForURL((url) => url.pathname === "/login/second-factor");
    const step = page.getByRole("button", { name: "Use a passkey" });
    await step.waitFor();
    assert.equal(
      await page.getByLabel("Code").count(),
      0,
      "no code asked of an account with only a passkey",
    );
    await checkA11y(page, "second step with a passkey");
    await step.click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await toast(page, "Login successful.");
    const again = await apiCall(hive, page, "GET", "/account/whoami");
    assert.equal(again.email, "freelancer@hive.test");
    assert.equal(again.hasSecondFactor, true);
  });
});
