// Entity, tag and legal entity journeys of the organisations issue, in Chromium against a real hive.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

/** Picks an option of a Mantine select by its label. */
async function choose(page, label, option) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL(/\/bookings$/);
}

/** Creates a client entity as the signed-in user and returns the edit page's URL. */
async function createClient(page, name) {
  await page.goto(`${hive.url}/entities/create`);
  await page.getByRole('heading', { name: 'Create Entity' }).waitFor();
  await checkA11y(page, 'create entity');
  await page.getByRole('button', { name: 'Create entity' }).click();
  await page.getByText('This field is required').first().waitFor();
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await choose(page, 'Type', 'Client');
  await page.getByLabel('Cancel window (days)').fill('2');
  await page.getByRole('button', { name: 'Create entity' }).click();
  await page.getByText('Entity Created').waitFor();
  await page.getByText(`Entity ${name} created`).waitFor();
  await page.waitForURL(/\/entities\/\d+\/edit$/);
  return page.url();
}

describe('entities and tags', () => {
  test('an admin creates a client with a department, and a tag in Configure Tags', async () => {
    await withPage(browser, 'client-department-tag', async (page) => {
      await signIn(page, 'admin@hive.test');

      await page.goto(`${hive.url}/entities`);
      await page.getByRole('heading', { name: 'All Entities' }).waitFor();
      await page.getByRole('grid').waitFor();
      await checkA11y(page, 'all entities');

      const name = 'E2E Broadcasting Ltd';
      await createClient(page, name);
      await page.getByRole('heading', { name }).waitFor();
      await page.getByRole('heading', { name: 'Departments' }).waitFor();
      await page.getByRole('heading', { name: 'Connected Legal Entities' }).waitFor();
      await page.getByRole('heading', { name: 'Configure Tags' }).waitFor();
      await checkA11y(page, 'entity page');

      // The Departments section of the entity page.
      const departments = page.getByRole('region', { name: 'Departments' });
      await departments.getByRole('button', { name: 'Add department' }).click();
      await page.getByRole('textbox', { name: /^Name/ }).last().fill('E2E Studio Operations');
      await page.getByRole('button', { name: 'Create department' }).click();
      await departments.getByText('E2E Studio Operations').first().waitFor();

      // The grid lists the new client; its name filter asks the server.
      await page.goto(`${hive.url}/entities`);
      await page.getByRole('grid').waitFor();
      await page.getByLabel('Name Filter Input').fill('E2E Broad');
      await page.getByRole('link', { name }).waitFor();

      await page.goto(`${hive.url}/configure-tags`);
      await page.getByRole('heading', { name: 'Configure Tags' }).waitFor();
      await checkA11y(page, 'configure tags');
      await choose(page, 'Category', 'Job titles');
      await page.getByLabel('Tag name').fill('E2E Steadicam Operator');
      await page.getByRole('button', { name: 'Create tag' }).click();
      await page.getByText('Tag Created').waitFor();
      await page.getByLabel('Name Filter Input').fill('Steadicam Operator');
      await page.getByRole('gridcell', { name: 'E2E Steadicam Operator', exact: true }).waitFor();
    });
  });
});

describe('legal entities', () => {
  test('created for a client, checked, validated by the admin, edited back to not validated', async () => {
    await withPage(browser, 'legal-entity-validation', async (page) => {
      await signIn(page, 'admin@hive.test');
      const entityUrl = await createClient(page, 'E2E Legal Client');

      await page
        .getByRole('region', { name: 'Connected Legal Entities' })
        .getByRole('link', { name: 'Create legal entity' })
        .click();
      await page.waitForURL(/\/legal-entities\/create\?entityId=\d+$/);
      await page.getByRole('heading', { name: 'Create Legal Entity' }).waitFor();
      await checkA11y(page, 'create legal entity');

      await choose(page, 'Business type', 'UK Ltd.');
      await page.getByLabel('Company name').fill('E2E Legal Client Limited');
      await page.getByLabel('Company number').fill('01234567');
      // VAT fields are enabled only when VAT registered.
      assert.equal(await page.getByLabel('VAT number').isDisabled(), true);
      await page.getByLabel('VAT registered').check();
      assert.equal(await page.getByLabel('VAT number').isDisabled(), false);
      await page.getByLabel('VAT number').fill('GB123456789');

      // The company lookup alone (no lookup service configured here: the server says so).
      await page.getByRole('button', { name: 'Check' }).click();
      const dialog = page.getByRole('dialog', { name: 'Company details' });
      await dialog.waitFor();
      await dialog.getByText(/Company lookup is not configured/).waitFor();
      await checkA11y(page, 'company details dialog');
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Check runs the company number and IBAN checks together.
      await page.getByLabel('IBAN').fill('GB82WEST12345698765432');
      await page.getByRole('button', { name: 'Check' }).click();
      await dialog.waitFor();
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await page.getByText('IBAN valid', { exact: true }).waitFor();
      assert.notEqual(await page.getByLabel('Bank country code').inputValue(), '');

      await page.getByLabel('IBAN').fill('GB82WEST12345698765431');
      await page.getByLabel('Company number').fill('');
      await page.getByRole('button', { name: 'Check' }).click();
      await page.getByText('IBAN invalid', { exact: true }).waitFor();
      assert.equal(await page.getByLabel('Bank country code').inputValue(), '');

      await page.getByLabel('IBAN').fill('GB82WEST12345698765432');
      await page.getByLabel('Company number').fill('01234567');
      await page.getByRole('button', { name: 'Create legal entity' }).click();
      await page.getByText('Legal Entity Created').waitFor();
      await page.waitForURL(/\/legal-entities\/\d+\/edit$/);
      const header = page.getByRole('heading', { name: 'E2E Legal Client Limited' });
      await header.waitFor();
      await page.getByText('Not validated').first().waitFor();
      await checkA11y(page, 'edit legal entity');

      // The admin validates it.
      await choose(page, 'Status', 'Validated');
      await page.getByRole('button', { name: 'Save legal entity' }).click();
      await page.getByText('Legal Entity Saved').waitFor();
      await page.getByRole('combobox', { name: 'Status', exact: true }).and(page.locator('[value="Validated"]')).waitFor();

      // Any change of details sends it back to not validated.
      await page.getByLabel('Phone').fill('+44 20 7946 0000');
      await page.getByRole('button', { name: 'Save legal entity' }).click();
      await page
        .getByRole('combobox', { name: 'Status', exact: true })
        .and(page.locator('[value="Not validated"]'))
        .waitFor();

      // The entity page lists it with its status.
      await page.goto(entityUrl);
      const section = page.getByRole('region', { name: 'Connected Legal Entities' });
      await section.getByRole('link', { name: 'E2E Legal Client Limited' }).waitFor();
      await section.getByText('Not validated').waitFor();

      await page.goto(`${hive.url}/legal-entities`);
      await page.getByRole('heading', { name: 'All Legal Entities' }).waitFor();
      await page.getByRole('link', { name: 'E2E Legal Client Limited' }).waitFor();
      await checkA11y(page, 'all legal entities');
    });
  });
});
