// What people hit on the screens, in Chromium against a real hive on demo data: the search
// panel's Order By reorders the cards (price in GBP first, other currencies next, no rate last;
// business types grouped); a new freelancer's Home card lists each missing step with a link and
// ticks it when done; the IBAN check fills a UK sort code and account number and no made-up bank
// name; VAT % off its 0.25 step and a profile missing its Preferred Supplier are refused with the
// validation toast and the field in error focused; a client manager reads a freelancer's
// documents on a Documents tab that offers no upload. axe finds no serious or critical violation
// on each screen. Locators are scoped to their region, form or dialog; waits are on state.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, checkA11y, journeySteps, login, toast, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive((started, launched) => {
  hive = started;
  browser = launched;
});

const step = journeySteps();

/** Demo logins (internal/accounts/store_demo.go). */
const ADMIN = 'admin@hive.test';
const CLIENT_MANAGER = 'manager@hive.test'; // manages Northbridge, whose Sport hires the local crew
const DEPARTMENT_MANAGER = 'dept@hive.test';
/** A local crew member: a Camera Operator the Sport department hires (directory demo, index 3). */
const CREW = { email: 'george.wetherby.4@demo.hive.test', name: 'George Wetherby' };
/** A demo freelancer at the first onboarding step (directory demo, index 23). */
const NEWCOMER = { email: 'julien.schneider.24@demo.hive.test', name: 'Julien' };

const main = (page) => page.getByRole('main');
const searchBox = (page) => page.getByRole('search').getByRole('textbox', { name: 'Search' });
const panel = (page) => page.getByRole('region', { name: 'Search results' });

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.getByTestId('current-user-name').waitFor();
}

/** The id of a user found by their e-mail address (an exact key of the global search). */
async function userId(page, email) {
  const found = await apiCall(hive, page, 'POST', '/search', { data: { query: email } });
  const user = found.data.find((r) => r.hiveSource === 'user');
  assert.ok(user, `no user ${email}`);
  return user.id;
}

/**
 * Waits until the freelancer cards are drawn in `order` ('price': GBP ascending, then other
 * currencies by currency and amount, no rate last; 'businessType': each type in one run, cards
 * without a type last), and returns their rates and types as shown.
 */
async function cardsInOrder(page, order) {
  const handle = await page.waitForFunction((order) => {
    const region = document.querySelector('[role="region"][aria-label="Search results"]');
    const cards = [...(region?.querySelectorAll('article') ?? [])].map((c) => {
      const rate = /Day rate:?\s*(?:n\/a|([\d,]+\.\d{2}) ([A-Z]{3}))/.exec(c.innerText);
      return {
        amount: rate?.[1] ? Number(rate[1].replace(/,/g, '')) : null,
        currency: rate?.[2] ?? null,
        business: /Business type:?\s*(UK [^\n]+)/.exec(c.innerText)?.[1]?.trim() ?? '',
      };
    });
    const group = (c) => (c.amount === null ? 2 : c.currency === 'GBP' ? 0 : 1);
    const seen = new Set();
    const ordered = cards.every((c, i) => {
      const p = cards[i - 1];
      if (order === 'price') {
        if (!p) return true;
        if (group(p) !== group(c)) return group(p) < group(c);
        if (group(c) === 2) return true;
        return p.currency !== c.currency ? p.currency < c.currency : p.amount <= c.amount;
      }
      if (p && c.business === p.business) return true;
      if (seen.has(c.business) || (p && p.business === '')) return false;
      seen.add(c.business);
      return true;
    });
    return cards.length > 0 && ordered ? cards : null;
  }, order);
  return handle.jsonValue();
}

describe('what people hit on the screens', () => {
  step('Order By reorders the search results: by price, then by business type', async () => {
    await withPage(browser, 'people-gaps-search-order', async (page) => {
      await signIn(page, DEPARTMENT_MANAGER);
      await searchBox(page).fill('camera');
      const results = panel(page);
      const tab = results.getByRole('tab', { name: /^Freelancer \(\d+\)$/ });
      await tab.waitFor();
      const total = Number((await tab.innerText()).match(/\((\d+)\)/)[1]);
      assert.ok(total >= 5, `camera freelancers: ${total}`);

      // Before any order the answer is by relevance; each choice redraws the cards in its order.
      await results.getByRole('combobox', { name: 'Order By' }).click();
      await results.getByRole('option', { name: 'Price' }).click();
      const priced = await cardsInOrder(page, 'price');
      assert.equal(priced[0].currency, 'GBP', `the cheapest GBP rate first: ${JSON.stringify(priced[0])}`);
      assert.ok(priced.some((c) => c.currency !== 'GBP'), 'rates in other currencies come after');

      await results.getByRole('combobox', { name: 'Order By' }).click();
      await results.getByRole('option', { name: 'Business Type' }).click();
      const typed = await cardsInOrder(page, 'businessType');
      assert.ok(new Set(typed.map((c) => c.business)).size >= 2, 'more than one business type');
      await checkA11y(page, 'the results panel ordered');
    });
  });

  step("a new freelancer's Home card lists the missing steps and ticks the one done", async () => {
    await withPage(browser, 'people-gaps-onboarding', async (page) => {
      await signIn(page, NEWCOMER.email);
      await page.goto(`${hive.url}/`);
      const card = main(page).getByRole('region', { name: 'Finish setting up your account' });
      const steps = card.getByRole('list', { name: 'Steps to finish' });
      await steps.waitFor();
      const items = steps.getByRole('listitem');
      assert.equal(await items.count(), 3);
      await items.nth(0).getByText('Add your phone number and location to your profile').waitFor();
      await checkA11y(page, 'home with the onboarding steps');

      // The first step's link leads to the profile, where the phone is what is missing.
      await items.nth(0).getByRole('link', { name: 'Open your profile' }).click();
      await page.waitForURL(/\/users\/\d+\/edit$/);
      const form = main(page).getByRole('form', { name: 'Profile' });
      await form.getByRole('textbox', { name: 'Phone' }).fill('07700 900999');
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Profile');

      await page.goto(`${hive.url}/`);
      const done = main(page)
        .getByRole('list', { name: 'Steps to finish' })
        .getByRole('listitem')
        .nth(0);
      await done.getByText('(done)').waitFor();
      assert.equal(await done.getByRole('link').count(), 0, 'a done step has no link');
      await main(page).getByText('40%').waitFor();
    });
  });

  step('the IBAN check fills a UK sort code and account number; VAT % keeps its step', async () => {
    await withPage(browser, 'people-gaps-legal-entity', async (page) => {
      await signIn(page, CLIENT_MANAGER);
      await page.goto(`${hive.url}/legal-entities/create`);
      const form = main(page);
      await form.getByRole('heading', { name: 'Create Legal Entity' }).waitFor();
      await form.getByRole('combobox', { name: 'Business type', exact: true }).click();
      await page.getByRole('listbox').getByRole('option', { name: 'UK Sole Trader', exact: true }).click();

      await form.getByLabel('IBAN').fill('GB82WEST12345698765432');
      await form.getByRole('button', { name: 'Check' }).click();
      await form.getByText('IBAN valid', { exact: true }).waitFor();
      assert.equal(await form.getByLabel('Sort code').inputValue(), '12-34-56');
      assert.equal(await form.getByLabel('Account number').inputValue(), '98765432');
      assert.equal(await form.getByLabel('Branch code').inputValue(), '');
      assert.equal(await form.getByLabel('Bank name').inputValue(), '', 'WEST is no bank Hive knows');
      assert.equal(await form.getByLabel('Bank country code').inputValue(), 'GB');

      await form.getByLabel('VAT registered').check();
      await form.getByLabel('VAT number').fill('GB123456789');
      const pct = form.getByRole('textbox', { name: /VAT %/ });
      await pct.fill('12.3');
      await form.getByRole('button', { name: 'Create legal entity' }).click();
      await toast(page, 'Correct the errors in the form and try again.');
      await form.getByText('Enter a percentage from 0 to 100 in steps of 0.25.').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      assert.equal(await pct.evaluate((el) => el === document.activeElement), true, 'VAT % is focused');
      await checkA11y(page, 'the legal entity form refused');
    });
  });

  step('a refused profile save focuses the Preferred Supplier and says why', async () => {
    await withPage(browser, 'people-gaps-profile-refused', async (page) => {
      await signIn(page, ADMIN);
      const id = await userId(page, CREW.email);
      await page.goto(`${hive.url}/users/${id}/edit`);
      const form = main(page).getByRole('form', { name: 'Profile' });
      const supplier = form.getByRole('combobox', { name: /Preferred Supplier/ });
      // The demo data passes the form's rules: the crew member has a preferred supplier.
      await page.waitForFunction(() => {
        const input = [...document.querySelectorAll('input')].find((i) =>
          i.labels?.[0]?.textContent?.includes('Preferred Supplier'),
        );
        return input && input.value !== '';
      });
      await checkA11y(page, "a freelancer's profile read by an administrator");
      // The clear button is hidden from assistive technology (it is not in the tab order).
      await form.getByLabel('Clear Preferred Supplier').click();
      assert.equal(await supplier.inputValue(), '');
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Correct the errors in the form and try again.');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      assert.equal(await supplier.evaluate((el) => el === document.activeElement), true);
      const box = await supplier.boundingBox();
      const viewport = page.viewportSize();
      assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, 'the field is in view');
    });
  });

  step('an administrator files a document; the client manager reads it and cannot change it', async () => {
    let id;
    await withPage(browser, 'people-gaps-documents-admin', async (page) => {
      await signIn(page, ADMIN);
      id = await userId(page, CREW.email);
      await page.goto(`${hive.url}/users/${id}/edit`);
      await main(page).getByRole('tab', { name: 'Documents' }).click();
      const chooser = page.waitForEvent('filechooser');
      await main(page).getByRole('button', { name: 'Upload document' }).click();
      await (await chooser).setFiles({
        name: 'certificate.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      });
      await main(page).getByRole('link', { name: 'certificate.pdf' }).waitFor();
    });
    await withPage(browser, 'people-gaps-documents-manager', async (page) => {
      await signIn(page, CLIENT_MANAGER);
      await page.goto(`${hive.url}/users/${id}/edit`);
      const tabs = main(page).getByRole('tablist');
      await tabs.getByRole('tab', { name: 'Documents' }).waitFor();
      assert.deepEqual(await tabs.getByRole('tab').allInnerTexts(), [
        'Profile',
        'Internal Notes',
        'Documents',
      ]);
      await tabs.getByRole('tab', { name: 'Documents' }).click();
      const link = main(page).getByRole('link', { name: 'certificate.pdf' });
      await link.waitFor();
      assert.equal(await main(page).getByRole('button', { name: 'Upload document' }).count(), 0);
      assert.equal(await main(page).getByRole('button', { name: /^Delete / }).count(), 0);
      // The download answers the manager (the server's rule matches the tab).
      const file = await page.request.get(`${hive.url}${await link.getAttribute('href')}`);
      assert.equal(file.status(), 200);
      await checkA11y(page, "a freelancer's documents read by a client manager");
    });
  });
});
