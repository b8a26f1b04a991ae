// Linking users, in Debian's Chromium against a real hive: a freelancer who
// manages their own company is offered nobody to connect and is told to invite, and linking any
// account id by hand tells them nothing; a client manager still connects a freelancer they hire.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiCall, checkA11y, login, useHive, withPage } from "../harness.js";

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const HELP =
  "Only people you can already see are listed. Invite anyone else by e-mail.";

async function entityId(page, name) {
  const page1 = await apiCall(
    hive,
    page,
    "GET",
    `/entity?name=${encodeURIComponent(name)}&pageSize=5`,
  );
  const entity = page1.items.find((e) => e.name === name);
  assert.ok(entity, `demo entity ${name}`);
  return entity.id;
}

/** Opens the 'Connect an existing user' form of an entity page and returns its region. */
async function openConnect(page, id) {
  await page.goto(`${hive.url}/entities/${id}/edit`);
  const users = page.getByRole("region", { name: "Connected Users" });
  await users
    .getByRole("heading", { name: "Invite, Connect or Create a User" })
    .waitFor();
  await users.getByRole("button", { name: "Connect an existing user" }).click();
  const connect = users.getByRole("region", {
    name: "Connect an existing user",
  });
  await connect.getByText(HELP).waitFor();
  return connect;
}

describe("linking users", () => {
  test("a freelancer managing their own company can link nobody they could not see", async () => {
    await withPage(browser, "freelancer-links-nobody", async (page) => {
      await login(page, hive, "freelancer@hive.test");
      await page.waitForURL(/\/bookings$|\/$/);
      const id = await entityId(page, "Felix Reid");
      const connect = await openConnect(page, id);
      await checkA11y(page, "connect form of a freelancer");
      await connect.getByRole("combobox", { name: /^User/ }).fill("Grace");
      await page.getByText("Search is not available to you").waitFor();

      // By hand, every account id answers as a missing one: no name, no address, no link.
      const missing = await apiCall(
        hive,
        page,
        "POST",
        "/associations/user-entity-refs",
        {
          userId: 999999,
          entityId: id,
        },
      ).catch((err) => err.message);
      assert.match(missing, /422 .*User not found\./);
      for (const userId of [1, 2, 3, 4]) {
        const answer = await apiCall(
          hive,
          page,
          "POST",
          "/associations/user-entity-refs",
          {
            userId,
            entityId: id,
          },
        ).catch((err) => err.message);
        assert.equal(
          answer.replace(/^POST \S+: /, ""),
          missing.replace(/^POST \S+: /, ""),
        );
        assert.doesNotMatch(answer, /@hive\.test/);
      }
    });
  });

  test("a client manager connects a freelancer from the picker", async () => {
    await withPage(browser, "manager-connects-freelancer", async (page) => {
      await login(page, hive, "manager@hive.test");
      await page.waitForURL(/\/bookings$/);
      const id = await entityId(page, "Northbridge Broadcasting");
      const connect = await openConnect(page, id);
      await connect.getByRole("combobox", { name: /^User/ }).fill("Grace");
      await page.getByRole("listbox").getByRole("option", { name: /Grace Adeyemi/ }).click();
      await connect.getByRole("button", { name: "Connect" }).click();
      await page.getByRole("alert").filter({ hasText: "The user was connected." }).first().waitFor();
      const links = await apiCall(
        hive,
        page,
        "GET",
        `/associations/user-entity-refs/by-entity-id/${id}?pageSize=100`,
      );
      assert.ok(links.items.some((l) => l.user.fullName === "Grace Adeyemi"));
    });
  });
});
