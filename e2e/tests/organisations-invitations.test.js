// Invitations and departments, in Debian's Chromium against a real hive:
// a client manager invites a new freelancer who signs up from the mailed link; an existing user
// accepts an invitation on the home screen; a department manager cannot open another client's
// department.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, toast, useHive, waitForMail, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

/** The page's main region, where the screen's own headings, forms and grids live. */
const main = (page) => page.getByRole('main');

/** The options of the one open combobox (Mantine renders them in a portal outside the dialog). */
const option = (page, name) => page.getByRole('listbox').getByRole('option', { name });

/** GET on the API with the page's session (to find the ids of demo records). */
async function apiGet(page, path) {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api/v1${p}`, { credentials: 'same-origin' });
    return { status: res.status, body: await res.json() };
  }, path);
}

async function entityId(page, name) {
  const { body } = await apiGet(page, `/entity?name=${encodeURIComponent(name)}&pageSize=5`);
  const entity = body.items.find((e) => e.name === name);
  assert.ok(entity, `demo entity ${name}`);
  return entity.id;
}

describe('invitations', () => {
  test('a client manager invites a new freelancer, who signs up from the mailed link', async () => {
    const email = 'casey.new@example.com';
    let link;
    await withPage(browser, 'invite-new-freelancer', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$/);
      const id = await entityId(page, 'Northbridge Broadcasting');
      await page.goto(`${hive.url}/entities/${id}/edit`);
      const users = page.getByRole('region', { name: 'Connected Users' });
      await users.getByRole('heading', { name: 'Invite, Connect or Create a User' }).waitFor();
      await checkA11y(page, 'entity page');

      await users.getByRole('button', { name: 'Invite a new user by email' }).click();
      const invite = users.getByRole('region', { name: 'Invite a new user by email' });
      // Entity and email are required.
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await invite.getByText('Email is required').waitFor();
      await invite.getByLabel('Email').fill('not-an-email');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await invite.getByText('Invalid email address').waitFor();
      await checkA11y(page, 'invite form with errors');

      await invite.getByLabel('Email').fill(email);
      await invite.getByLabel('Freelancer').check();
      await invite.getByLabel('Message').fill('Join our crew list for the autumn football.');
      const since = hive.logs.length;
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await toast(page, 'Invitation sent');

      const text = await waitForMail(hive, email, since);
      link = text.match(/https?:\/\/\S+\/sign-up\?invitation=\S+/)?.[0];
      assert.ok(link, `sign-up link in the mail:\n${text}`);

      // The invitation is listed as pending on the entity page.
      const invitations = page.getByRole('region', { name: 'Invitations', exact: true });
      const row = invitations.getByRole('row', { name: new RegExp(email.replace('.', '\\.')) });
      await row.getByText('Pending').waitFor();
    });

    await withPage(browser, 'sign-up-from-invitation', async (page) => {
      await page.goto(link);
      await main(page).getByRole('heading', { name: 'Create a Freelance Account' }).waitFor();
      await main(page).getByText('You have been invited by Northbridge Broadcasting.').waitFor();
      assert.equal(await main(page).getByLabel('Email').inputValue(), email);
      await checkA11y(page, 'sign-up from an invitation');

      await main(page).getByLabel('First name').fill('Casey');
      await main(page).getByLabel('Last name').fill('Nolan');
      await main(page).getByLabel(/^Password/).fill('Casey-signs-up-1');
      await main(page).getByRole('button', { name: 'Create account' }).click();
      await main(page).getByText('You must agree to the terms and conditions').waitFor();
      await main(page).getByLabel('I agree to the terms and conditions').check();
      await main(page).getByRole('button', { name: 'Create account' }).click();

      // Signed in at once: the invitation was accepted by signing up.
      await page.waitForURL(/\/bookings$/);
      await toast(page, 'Welcome to Hive, Casey!');
      await main(page).getByRole('heading', { name: 'Bookings' }).waitFor();
      await checkA11y(page, 'bookings after sign-up');
      await page.goto(`${hive.url}/`);
      await main(page).getByText('You have no pending invitations.').waitFor();
      await checkA11y(page, 'home after sign-up');
      const me = await apiGet(page, '/account/whoami');
      assert.equal(me.body.email, email);
      assert.ok(me.body.needs.length > 0, 'the new freelancer is linked to the entity');
    });
  });

  test('an existing user accepts an invitation on the home screen', async () => {
    await withPage(browser, 'invite-existing-user', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      const id = await entityId(page, 'Pinnacle Talent');
      await page.goto(`${hive.url}/entities/${id}/edit`);
      const invitations = page.getByRole('region', { name: 'Invitations', exact: true });
      await invitations.getByRole('button', { name: 'Invite by email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite by email' });
      await dialog.getByLabel('Email').fill('staff@hive.test');
      await dialog.getByLabel('Staff').check();
      await dialog.getByText('read-only').waitFor();
      await checkA11y(page, 'invite dialog');
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await toast(page, 'Invitation sent');
      await invitations.getByRole('row', { name: /staff@hive\.test/ }).waitFor();
    });

    await withPage(browser, 'accept-invitation', async (page) => {
      await login(page, hive, 'staff@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/`);
      const card = page.getByRole('article', { name: 'Invitation to join Pinnacle Talent' });
      await card.waitFor();
      await checkA11y(page, 'home with an invitation');
      await card.getByRole('button', { name: 'Accept Invitation' }).click();
      await toast(page, 'Invitation Accepted');
      await card.waitFor({ state: 'detached' });
      const me = await apiGet(page, '/account/whoami');
      assert.ok(
        me.body.needs.some((n) => n.startsWith('select_entity:')),
        `staff can now view the agency: ${me.body.needs}`,
      );
    });
  });
});

describe('departments', () => {
  test("a department manager cannot open another client's department", async () => {
    let harbourDept;
    let sportDept;
    await withPage(browser, 'find-departments', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      const drama = await apiGet(page, '/department?name=Drama');
      harbourDept = drama.body.items.find((d) => d.client.name === 'Harbour Studios').id;
      const sport = await apiGet(page, '/department?name=Sport');
      sportDept = sport.body.items.find((d) => d.client.name === 'Northbridge Broadcasting').id;
    });

    await withPage(browser, 'department-not-found', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$/);

      // Their own department opens with its form and connected users.
      await page.goto(`${hive.url}/departments/${sportDept}/edit`);
      await main(page).getByRole('heading', { name: 'Sport', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Connected Users' }).waitFor();
      await page
        .getByRole('region', { name: 'Job Templates' })
        .getByRole('link', { name: 'Premier League Football' })
        .waitFor();
      await checkA11y(page, 'own department');

      // Another client's department: the server's 404 becomes a not-found state.
      await page.goto(`${hive.url}/departments/${harbourDept}/edit`);
      await main(page).getByRole('heading', { name: 'Department not found' }).waitFor();
      assert.equal(await main(page).getByRole('heading', { name: 'Drama' }).count(), 0);
      assert.equal(await main(page).getByLabel('Name').count(), 0);
      await checkA11y(page, 'department not found');
    });
  });

  test('an administrator creates a department from the grid and sees the link grids', async () => {
    await withPage(browser, 'department-grid', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/departments`);
      await main(page).getByRole('heading', { name: 'All Departments' }).waitFor();
      await main(page).getByRole('gridcell', { name: 'Drama' }).waitFor();
      await checkA11y(page, 'All Departments');

      await main(page).getByRole('button', { name: 'Create department' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add department' });
      await dialog.getByRole('button', { name: 'Create department' }).click();
      await dialog.getByText('This field is required').first().waitFor();
      assert.equal(await dialog.getByText('This field is required').count(), 2); // client, name
      await dialog.getByRole('combobox', { name: /^Client/ }).fill('Harb');
      await option(page, 'Harbour Studios').click();
      await dialog.getByLabel(/^Name/).fill('Children');
      await checkA11y(page, 'Add department');
      await dialog.getByRole('button', { name: 'Create department' }).click();
      await page.waitForURL(/\/departments\/\d+\/edit$/);
      await main(page).getByRole('heading', { name: 'Children', level: 1 }).waitFor();
      await toast(page, 'Department Children created');

      await page.goto(`${hive.url}/user-department-links`);
      await main(page).getByRole('heading', { name: 'All User-Department connections' }).waitFor();
      await main(page).getByRole('row', { name: /dept@hive\.test/ }).waitFor();
      await checkA11y(page, 'All User-Department connections');

      await page.goto(`${hive.url}/user-entity-links`);
      await main(page).getByRole('heading', { name: 'All User-Entity connections' }).waitFor();
      await main(page).getByRole('row', { name: /manager@hive\.test/ }).first().waitFor();
      await checkA11y(page, 'All User-Entity connections');

      // A duplicate connection is refused with the server's 409 message.
      await main(page).getByRole('button', { name: 'Connect user' }).click();
      const connect = page.getByRole('dialog', { name: 'Connect a user to an entity' });
      await connect.getByRole('combobox', { name: /^User/ }).fill('Morgan');
      await option(page, /manager@hive\.test/).click();
      await connect.getByRole('combobox', { name: /^Entity/ }).fill('Northbridge');
      await option(page, 'Northbridge Broadcasting').click();
      await checkA11y(page, 'Connect a user to an entity');
      await connect.getByRole('button', { name: 'Connect' }).click();
      await toast(page, 'This user is already connected to this entity.');
    });
  });
});
