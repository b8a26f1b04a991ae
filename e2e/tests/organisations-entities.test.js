// Entity, tag and legal entity journeys, in Chromium against a real hive.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkA11y, login, toast, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

/** Picks an option of a Mantine select by its label, within scope (the form's region or dialog). */
async function choose(page, scope, label, option) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  // Mantine renders the open select's options in a portal outside the form: the one open listbox.
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** The page's main region: forms and grids are found inside it, never beside a toast or the sidebar. */
const main = (page) => page.getByRole('main');

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL(/\/bookings$/);
}

/** Creates a client entity as the signed-in user and returns the edit page's URL. */
async function createClient(page, name) {
  await page.goto(`${hive.url}/entities/create`);
  const form = main(page);
  await form.getByRole('heading', { name: 'Create Entity' }).waitFor();
  await checkA11y(page, 'create entity');
  await form.getByRole('button', { name: 'Create entity' }).click();
  await form.getByText('This field is required').first().waitFor();
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await choose(page, form, 'Type', 'Client');
  await form.getByLabel('Cancel window (days)').fill('2');
  await form.getByRole('button', { name: 'Create entity' }).click();
  await toast(page, 'Entity Created');
  await toast(page, `Entity ${name} created`);
  await page.waitForURL(/\/entities\/\d+\/edit$/);
  return page.url();
}

describe('entities and tags', () => {
  test('an admin creates a client with a department, and a tag in Configure Tags', async () => {
    await withPage(browser, 'client-department-tag', async (page) => {
      await signIn(page, 'admin@hive.test');

      await page.goto(`${hive.url}/entities`);
      await main(page).getByRole('heading', { name: 'All Entities' }).waitFor();
      await main(page).getByRole('grid').waitFor();
      await checkA11y(page, 'all entities');

      const name = 'E2E Broadcasting Ltd';
      await createClient(page, name);
      await main(page).getByRole('heading', { name }).waitFor();
      await main(page).getByRole('heading', { name: 'Departments' }).waitFor();
      await main(page).getByRole('heading', { name: 'Connected Legal Entities' }).waitFor();
      await main(page).getByRole('heading', { name: 'Configure Tags' }).waitFor();
      await checkA11y(page, 'entity page');

      // The Departments section of the entity page.
      const departments = page.getByRole('region', { name: 'Departments' });
      await departments.getByRole('button', { name: 'Add department' }).click();
      const addDepartment = page.getByRole('dialog', { name: 'Add department' });
      await addDepartment.getByRole('textbox', { name: /^Name/ }).fill('E2E Studio Operations');
      await addDepartment.getByRole('button', { name: 'Create department' }).click();
      await addDepartment.waitFor({ state: 'hidden' });
      await departments.getByText('E2E Studio Operations').first().waitFor();

      // The grid lists the new client; its name filter asks the server.
      await page.goto(`${hive.url}/entities`);
      const entities = main(page).getByRole('grid');
      await entities.waitFor();
      await entities.getByLabel('Name Filter Input').fill('E2E Broad');
      await entities.getByRole('link', { name }).waitFor();

      await page.goto(`${hive.url}/configure-tags`);
      const tags = main(page);
      await tags.getByRole('heading', { name: 'Configure Tags' }).waitFor();
      await checkA11y(page, 'configure tags');
      await choose(page, tags, 'Category', 'Job titles');
      await tags.getByLabel('Tag name').fill('E2E Steadicam Operator');
      await tags.getByRole('button', { name: 'Create tag' }).click();
      await toast(page, 'Tag Created');
      await tags.getByRole('grid').getByLabel('Name Filter Input').fill('Steadicam Operator');
      await tags.getByRole('gridcell', { name: 'E2E Steadicam Operator', exact: true }).waitFor();
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
      const form = main(page);
      await form.getByRole('heading', { name: 'Create Legal Entity' }).waitFor();
      await checkA11y(page, 'create legal entity');

      await choose(page, form, 'Business type', 'UK Ltd.');
      await form.getByLabel('Company name').fill('E2E Legal Client Limited');
      await form.getByLabel('Company number').fill('01234567');
      // VAT fields are enabled only when VAT registered.
      assert.equal(await form.getByLabel('VAT number').isDisabled(), true);
      await form.getByLabel('VAT registered').check();
      assert.equal(await form.getByLabel('VAT number').isDisabled(), false);
      await form.getByLabel('VAT number').fill('GB123456789');

      // The company lookup alone (no lookup service configured here: the server says so).
      await form.getByRole('button', { name: 'Check' }).click();
      const dialog = page.getByRole('dialog', { name: 'Company details' });
      await dialog.waitFor();
      await dialog.getByText(/Company lookup is not configured/).waitFor();
      await checkA11y(page, 'company details dialog');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Check runs the company number and IBAN checks together.
      await form.getByLabel('IBAN').fill('GB82WEST12345698765432');
      await form.getByRole('button', { name: 'Check' }).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await form.getByText('IBAN valid', { exact: true }).waitFor();
      assert.notEqual(await form.getByLabel('Bank country code').inputValue(), '');

      await form.getByLabel('IBAN').fill('GB82WEST12345698765431');
      await form.getByLabel('Company number').fill('');
      await form.getByRole('button', { name: 'Check' }).click();
      await form.getByText('IBAN invalid', { exact: true }).waitFor();
      assert.equal(await form.getByLabel('Bank country code').inputValue(), '');

      await form.getByLabel('IBAN').fill('GB82WEST12345698765432');
      await form.getByLabel('Company number').fill('01234567');
      await form.getByRole('button', { name: 'Create legal entity' }).click();
      await toast(page, 'Legal Entity Created');
      await page.waitForURL(/\/legal-entities\/\d+\/edit$/);
      const header = form.getByRole('heading', { name: 'E2E Legal Client Limited' });
      await header.waitFor();
      await form.getByText('Not validated').first().waitFor();
      await checkA11y(page, 'edit legal entity');

      // The admin validates it.
      const status = (value) =>
        form.getByRole('combobox', { name: 'Status', exact: true }).and(page.locator(`[value="${value}"]`));
      await choose(page, form, 'Status', 'Validated');
      await form.getByRole('button', { name: 'Save legal entity' }).click();
      await toast(page, 'Legal Entity Saved');
      await status('Validated').waitFor();

      // Any change of details sends it back to not validated.
      await form.getByLabel('Phone').fill('+44 20 7946 0000');
      await form.getByRole('button', { name: 'Save legal entity' }).click();
      await status('Not validated').waitFor();

      // The entity page lists it with its status.
      await page.goto(entityUrl);
      const section = page.getByRole('region', { name: 'Connected Legal Entities' });
      await section.getByRole('link', { name: 'E2E Legal Client Limited' }).waitFor();
      await section.getByText('Not validated').waitFor();

      await page.goto(`${hive.url}/legal-entities`);
      await main(page).getByRole('heading', { name: 'All Legal Entities' }).waitFor();
      await main(page).getByRole('link', { name: 'E2E Legal Client Limited' }).waitFor();
      await checkA11y(page, 'all legal entities');
    });
  });
});
