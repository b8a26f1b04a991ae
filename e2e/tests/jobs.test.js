// Job templates: a manager creates a template with two placements and customises a contractor's rate.
import { describe, test } from 'node:test';
import { checkA11y, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

describe('job templates', () => {
  test('a manager creates a template, adds placements and customises a rate after saving', async () => {
    await withPage(browser, 'job-template-create', async (page) => {
      await login(page, hive, 'manager@hive.test');
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/job-templates/create`);
      await page.getByRole('heading', { name: 'Create Job Template' }).waitFor();
      await page.getByRole('combobox', { name: 'Department' }).fill('Sport');
      await page.getByRole('option', { name: /Sport/ }).first().click();
      await page.getByRole('textbox', { name: 'Title' }).fill('Cup Final');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/job-templates\/\d+\/edit$/);
      await page.getByRole('heading', { name: /Edit Job Template: Cup Final/ }).waitFor();

      for (const [title, start, end] of [
        ['Camera Operator', '08:00', '18:00'],
        ['Overnight Transmission', '22:00', '06:00'],
      ]) {
        await page.getByRole('button', { name: 'Add placement' }).click();
        const row = page.getByRole('form', { name: 'Placement new placement' });
        await row.getByRole('button', { name: 'Customise Contractor Rates...' }).click();
        await row.getByText('Please save the placement before customising contractor rates.').waitFor();
        await row.getByRole('textbox', { name: 'Title' }).fill(title);
        const saved = page.getByRole('form', { name: `Placement ${title}` });
        await saved.getByRole('textbox', { name: 'Start' }).fill(start);
        await saved.getByRole('textbox', { name: 'End' }).fill(end);
        await saved.getByRole('button', { name: 'Save' }).click();
        await page.getByRole('form', { name: `Placement ${title}` }).getByRole('button', { name: 'Delete' }).waitFor();
      }
      await checkA11y(page, 'edit-job-template');

      const camera = page.getByRole('form', { name: 'Placement Camera Operator' });
      await camera.getByRole('textbox', { name: 'Chargeable Rate' }).waitFor();
      await camera.getByRole('button', { name: 'Customise Contractor Rates...' }).click();
      const modal = page.getByRole('dialog', { name: 'Customise Rate Cards' });
      await modal.getByText('There are no custom rate cards for this placement template.').waitFor();
      await modal.getByRole('combobox', { name: 'Contractor' }).fill('Felix');
      await page.getByRole('option', { name: /Felix Reid/ }).first().click();
      await modal.getByRole('textbox', { name: 'Chargeable Rate' }).fill('275');
      await modal.getByRole('button', { name: 'Add' }).click();
      await modal.getByRole('cell', { name: 'Felix Reid', exact: true }).waitFor();
      await modal.getByText('275.00 GBP / day').waitFor();
    });
  });
});
