// Job templates: a manager creates a template with two placements and customises a contractor's
// rate; a manager chooses a preferred freelancer among those the department may hire; an
// administrator fills in the administrative job fields, which managers never see.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiCall, checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

/** The open picker's option (the list is in a portal, outside the form). */
const option = (page, name) => page.getByRole('listbox').getByRole('option', { name });

/** Signs in as email and creates a Sport template titled title through the form. */
async function createTemplate(page, email, title) {
  await login(page, hive, email);
  await page.waitForURL(/\/bookings$/);
  await page.goto(`${hive.url}/job-templates/create`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Create Job Template' }).waitFor();
  const form = main.getByRole('form', { name: 'Job template' });
  await form.getByRole('combobox', { name: 'Department' }).fill('Sport');
  await option(page, /Sport/).first().click();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  return form;
}

describe('job templates', () => {
  test('a manager creates a template, adds placements and customises a rate after saving', async () => {
    await withPage(browser, 'job-template-create', async (page) => {
      const form = await createTemplate(page, 'manager@hive.test', 'Cup Final');
      await form.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/job-templates\/\d+\/edit$/);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: /Edit Job Template: Cup Final/ }).waitFor();

      for (const [title, start, end] of [
        ['Camera Operator', '08:00', '18:00'],
        ['Overnight Transmission', '22:00', '06:00'],
      ]) {
        await main.getByRole('button', { name: 'Add placement' }).click();
        const row = main.getByRole('form', { name: 'Placement new placement' });
        await row.getByRole('button', { name: 'Customise Contractor Rates...' }).click();
        await row.getByText('Please save the placement before customising contractor rates.').waitFor();
        await row.getByRole('textbox', { name: 'Title' }).fill(title);
        const saved = main.getByRole('form', { name: `Placement ${title}` });
        await saved.getByRole('textbox', { name: 'Start' }).fill(start);
        await saved.getByRole('textbox', { name: 'End' }).fill(end);
        await saved.getByRole('button', { name: 'Save' }).click();
        await main.getByRole('form', { name: `Placement ${title}` }).getByRole('button', { name: 'Delete' }).waitFor();
      }
      await checkA11y(page, 'edit-job-template');

      const camera = main.getByRole('form', { name: 'Placement Camera Operator' });
      await camera.getByRole('textbox', { name: 'Chargeable Rate' }).waitFor();
      await camera.getByRole('button', { name: 'Customise Contractor Rates...' }).click();
      const modal = page.getByRole('dialog', { name: 'Customise Rate Cards' });
      await modal.getByText('There are no custom rate cards for this placement template.').waitFor();
      await modal.getByRole('combobox', { name: 'Contractor' }).fill('Felix');
      await option(page, /Felix Reid/).first().click();
      await modal.getByRole('textbox', { name: 'Chargeable Rate' }).fill('275');
      await modal.getByRole('button', { name: 'Add' }).click();
      await modal.getByRole('cell', { name: 'Felix Reid', exact: true }).waitFor();
      await modal.getByText('275.00 GBP / day').waitFor();
    });
  });

  test('a manager adds a preferred freelancer in the form and sees it after reload', async () => {
    await withPage(browser, 'job-template-preferred', async (page) => {
      const felix = 'Felix Reid (freelancer@hive.test)';
      let form = await createTemplate(page, 'manager@hive.test', 'Derby Day');
      const picker = form.getByRole('combobox', { name: 'Preferred Freelancers' });
      await picker.fill('Felix');
      await option(page, felix).click();
      await form.getByText(felix, { exact: true }).waitFor();
      // The list stays open for more choices; Escape closes it.
      await picker.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      // Managers neither see nor send the administrative fields.
      assert.equal(await form.getByRole('group', { name: 'Administration' }).count(), 0);
      await form.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/job-templates\/\d+\/edit$/);
      const id = Number(/\/job-templates\/(\d+)\/edit$/.exec(page.url())[1]);

      await page.reload();
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Edit Job Template: Derby Day' }).waitFor();
      form = main.getByRole('form', { name: 'Job template' });
      await form.getByText(felix, { exact: true }).waitFor();
      const saved = await apiCall(hive, page, 'GET', `/job-template/${id}`);
      assert.deepEqual(
        saved.preferredUsers.map((u) => u.email),
        ['freelancer@hive.test'],
      );
      assert.equal(saved.legacyJobId, undefined);
      await checkA11y(page, 'edit-job-template-preferred');
    });
  });

  test('an administrator fills in the administrative job fields', async () => {
    await withPage(browser, 'job-template-admin-fields', async (page) => {
      const form = await createTemplate(page, 'admin@hive.test', 'Regatta');
      const admin = form.getByRole('group', { name: 'Administration' });
      await admin.getByRole('textbox', { name: 'Legacy Job ID' }).fill('LEG-2041');
      await admin.getByRole('textbox', { name: 'Agent' }).fill('Harbour Agency');
      await form.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/job-templates\/\d+\/edit$/);
      await page.reload();
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Edit Job Template: Regatta' }).waitFor();
      const section = main.getByRole('form', { name: 'Job template' }).getByRole('group', { name: 'Administration' });
      assert.equal(await section.getByRole('textbox', { name: 'Legacy Job ID' }).inputValue(), 'LEG-2041');
      assert.equal(await section.getByRole('textbox', { name: 'Agent' }).inputValue(), 'Harbour Agency');
    });
  });
});
