// Mail people can live with, counted in the SMTP sink (docs/notifications.md, 'Folding'): Hive
// sends over SMTP to a server this file starts (e2e/smtp-sink.js), its worker folding for 1 s
// and polling every 200 ms. A manager offers Felix four days of one booking in one grant:
// Felix gets one mail of four lines, the manager who did it none, and nobody more than one.
// Felix opens the mail's link and finds his four offers. The manager then saves the booking
// without a change (no new version, no mail) and with a new title: Felix gets one 'Booking
// details changed' mail saying the title before and after. 'No further mail' is proven by
// state: a mail queued later (a password reset) arrives with nothing about the booking after
// the one counted, because the outbox sends oldest first. Each step is its own test; a failed
// step skips the ones after it.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, checkA11y, journeySteps, login, useHive, withPage } from '../harness.js';

let hive;
let browser;

useHive(
  (started, launched) => {
    hive = started;
    browser = launched;
  },
  { smtp: true },
);

const FELIX = { email: 'freelancer@hive.test', name: 'Felix Reid' };
const MANAGER = 'dept@hive.test';
const TITLE = 'Mail Folding Four Days';
const RETITLED = 'Mail Folding Four Days (moved)';
/** How long a mail may take: the worker's 1 s fold and 200 ms poll, then the outbox's send. */
const MAIL = 20_000;

const step = journeySteps();
const call = (page, method, path, body) => apiCall(hive, page, method, path, body);
const main = (page) => page.getByRole('main');

/** Days `first`… of August next year as YYYY-MM-DD (British Summer Time). */
function augustDays(first, n) {
  const year = new Date().getUTCFullYear() + 1;
  return Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(year, 7, first + i)).toISOString().slice(0, 10),
  );
}

/** The sink's mails since `since` whose subject or text names `about`, by recipient. */
function mailsAbout(about, since) {
  const by = new Map();
  for (const m of hive.smtp.messages.slice(since)) {
    if (!m.subject.includes(about) && !m.text.includes(about)) continue;
    for (const to of m.to) by.set(to, [...(by.get(to) ?? []), m]);
  }
  return by;
}

/**
 * Waits until every mail queued so far has been sent: a password reset for Felix, queued now,
 * arrives after them (the outbox sends oldest first).
 */
async function drained(page, since) {
  await call(page, 'POST', '/account/request-password-reset', { email: FELIX.email });
  await hive.smtp.waitFor((m) => m.to.includes(FELIX.email) && /password/i.test(m.subject), {
    since,
    timeout: MAIL,
    what: 'the password reset mail to Felix',
  });
}

const journey = { booking: null, since: 0 };

describe('mail folding', () => {
  step('four days offered in one grant: one mail of four lines, none to who did it', async () => {
    journey.since = hive.smtp.messages.length;
    await withPage(browser, 'fold-offer', async (page) => {
      await login(page, hive, MANAGER);
      await page.waitForURL(/\/bookings$/);
      const briefs = await call(page, 'GET', '/job/brief');
      const job = briefs.find((b) => b.title === 'Premier League Football');
      assert.ok(job, 'the demo job template exists');
      const template = await call(page, 'GET', `/job-template/${job.id}`);
      const camera = template.placementTemplates.find((p) => p.title === 'Camera Operator');
      const created = await call(page, 'POST', '/booking', {
        jobTemplateId: job.id,
        title: TITLE,
        dates: augustDays(2, 4),
        placementTemplateIds: [camera.id],
        periodType: 'custom',
        type: 'default',
      });
      const ids = created.placements.map((p) => p.id);
      assert.equal(ids.length, 4);
      const suppliers = await call(
        page,
        'GET',
        `/booking/${created.id}/placement-template/${camera.id}/available-suppliers?${ids
          .map((id) => `placementIds=${id}`)
          .join('&')}`,
      );
      const felix = suppliers.items.find((s) => s.user.email === FELIX.email);
      assert.ok(felix, 'Felix is an available supplier');
      const grant = await call(page, 'POST', `/placement/${ids[0]}/grant`, {
        userIds: [felix.user.id],
        placementIds: ids,
      });
      assert.equal(grant.inserted, 4);
      journey.booking = created.id;

      const mail = await hive.smtp.waitFor(
        (m) => m.to.includes(FELIX.email) && m.subject.includes(TITLE),
        { since: journey.since, timeout: MAIL, what: `the offer mail of ${TITLE} to Felix` },
      );
      assert.equal(mail.subject, `4 changes: ${TITLE}`);
      assert.equal(
        mail.text
          .split(/\r?\n/)
          .filter((l) => l.startsWith('- You are offered Camera Operator on ')).length,
        4,
        mail.text,
      );
      journey.link = mail.text
        .split(/\r?\n/)
        .find((l) => l.startsWith('Open it in Hive: '))
        .slice('Open it in Hive: '.length)
        .trim();
      await drained(page, journey.since);
    });
    const by = mailsAbout(TITLE, journey.since);
    assert.equal(by.get(FELIX.email)?.length, 1, 'Felix gets one mail');
    assert.equal(by.get(MANAGER), undefined, 'the manager who booked and offered gets none');
    for (const [to, mails] of by) {
      assert.equal(mails.length, 1, `${to} got ${mails.map((m) => m.subject).join(', ')}`);
    }
  });

  step("the mail's link opens the booking with Felix's four offers", async () => {
    await withPage(browser, 'fold-link', async (page) => {
      await login(page, hive, FELIX.email);
      await page.waitForURL(/\/bookings$/);
      await page.goto(journey.link);
      const placements = main(page).getByRole('region', { name: 'Placements' });
      await placements.getByRole('grid').waitFor();
      const rows = placements.getByRole('row', { name: new RegExp(FELIX.name) });
      await rows.first().waitFor();
      assert.equal(await rows.count(), 4, 'four offered placements');
      await checkA11y(page, 'booking from the folded mail');
    });
  });

  step(
    'saving the booking unchanged writes nothing; a new title is one mail, before → after',
    async () => {
      const since = hive.smtp.messages.length;
      await withPage(browser, 'fold-save', async (page) => {
        await login(page, hive, MANAGER);
        await page.waitForURL(/\/bookings$/);
        const before = await call(page, 'GET', `/booking/${journey.booking}`);
        await page.goto(`${hive.url}/bookings/${journey.booking}/edit`);
        const section = main(page).getByRole('region', { name: 'Edit Booking' });
        const title = section.getByRole('textbox', { name: /^Title/ });
        await title.waitFor();
        assert.equal(await title.inputValue(), TITLE);
        await checkA11y(page, 'edit booking');

        await section.getByRole('button', { name: 'Save Booking' }).click();
        await page
          .getByRole('alert')
          .getByText('Booking updated', { exact: true })
          .first()
          .waitFor();
        const unchanged = await call(page, 'GET', `/booking/${journey.booking}`);
        assert.equal(unchanged.version, before.version, 'a save of nothing makes no version');

        // The form remounts with the version it read; the new title is a change.
        await title.fill(RETITLED);
        await section.getByRole('button', { name: 'Save Booking' }).click();
        const mail = await hive.smtp.waitFor(
          (m) => m.to.includes(FELIX.email) && m.subject.includes(RETITLED),
          { since, timeout: MAIL, what: `the details mail of ${RETITLED} to Felix` },
        );
        assert.equal(mail.subject, `Booking details changed: ${RETITLED}`);
        assert.ok(
          mail.text.includes(
            `The details of the booking ${RETITLED} changed: title '${TITLE}' → '${RETITLED}'.`,
          ),
          mail.text,
        );
        await drained(page, since);
        const after = await call(page, 'GET', `/booking/${journey.booking}`);
        assert.equal(after.version, before.version + 1, 'one version: the title');
      });
      const by = mailsAbout(TITLE, since);
      assert.equal(
        by.get(FELIX.email)?.length,
        1,
        'Felix gets one mail: the title, not the save of nothing',
      );
      assert.equal(by.get(MANAGER), undefined, 'the manager who saved gets none');
    },
  );
});
