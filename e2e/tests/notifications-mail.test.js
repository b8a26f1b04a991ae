// The notifications journey with real mail: Hive sends over SMTP to a
// server this file starts (e2e/smtp-sink.js), its worker folding for 1 s and polling every
// 200 ms. A manager offers a placement to Felix; the mail arrives with the placement's local
// times in the department's zone and a link that opens the booking with the placement chosen,
// where Felix accepts it; Felix sees the notification and the unread count, opens it (read),
// turns 'New offer' mails off through the mail's unsubscribe link (a button on /unsubscribe)
// and finds the switch off in Settings; the next offer sends him no mail but appears in the app
// (docs/decisions.md 'Notifications and mail': a type switched off stops its mails only); an
// administrator opens the booking's audit page and sees the instruction's two versions and
// their diff. The manager's offers are set up through the API; Felix's and the administrator's
// steps go through the UI. Axe checks every screen. Each step is its own test; a failed step
// skips the ones after it.
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
const FIRST = 'Mail Journey Cover';
const SECOND = 'Mail Journey Second Cover';
/** How long a mail may take: the worker's 1 s fold and 200 ms poll, then the outbox's send. */
const MAIL = 20_000;

/** Runs a step unless an earlier one failed; a failure skips every later step. */
const step = journeySteps();

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);
const main = (page) => page.getByRole('main');
const banner = (page) => page.getByRole('banner');

/** The bell's accessible name with n unread notifications. */
const bellName = (n) => `${n} unread ${n === 1 ? 'notification' : 'notifications'}`;

/**
 * Day `day` of July next year as YYYY-MM-DD: British Summer Time, so a placement's local times
 * in Europe/London differ from UTC and a mail showing UTC would be caught.
 */
function summerDay(day) {
  return new Date(Date.UTC(new Date().getUTCFullYear() + 1, 6, day)).toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** An instant's wall clock in zone, worked out here (Intl) rather than taken from Hive. */
function wallClock(iso, timeZone) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const weekday = new Date(Date.UTC(+parts.year, +parts.month - 1, +parts.day)).getUTCDay();
  const date = `${WEEKDAYS[weekday]}, ${parts.day.padStart(2, '0')} ${MONTHS[+parts.month - 1]} ${parts.year}`;
  return { date, time: `${parts.hour}:${parts.minute}` };
}

/** 'Wed, 07 Jul 2027 09:00 to 17:00 (Europe/London)': a same-day period as the mail words it. */
function expectedWhen([startUTC, endUTC], zone) {
  const start = wallClock(startUTC, zone);
  const end = wallClock(endUTC, zone);
  assert.equal(start.date, end.date, 'the demo placement starts and ends on one day');
  return `${start.date} ${start.time} to ${end.time} (${zone})`;
}

/** As dept@: books the demo template's Camera Operator on `date` and offers it to Felix. */
async function offerToFelix(page, title, date) {
  const briefs = await call(page, 'GET', '/job/brief');
  const job = briefs.find((b) => b.title === 'Premier League Football');
  assert.ok(job, 'the demo job template exists');
  const template = await call(page, 'GET', `/job-template/${job.id}`);
  const camera = template.placementTemplates.find((p) => p.title === 'Camera Operator');
  const created = await call(page, 'POST', '/booking', {
    jobTemplateId: job.id,
    title,
    dates: [date],
    placementTemplateIds: [camera.id],
    periodType: 'custom',
    type: 'default',
  });
  const placement = created.placements[0];
  const suppliers = await call(
    page,
    'GET',
    `/booking/${created.id}/placement-template/${camera.id}/available-suppliers?placementIds=${placement.id}`,
  );
  const felix = suppliers.items.find((s) => s.user.email === FELIX.email);
  assert.ok(felix, 'Felix is an available supplier');
  const grant = await call(page, 'POST', `/placement/${placement.id}/grant`, {
    userIds: [felix.user.id],
    placementIds: [placement.id],
  });
  assert.equal(grant.inserted, 1);
  const booking = await call(page, 'GET', `/booking/${created.id}`);
  return { booking, placement: booking.placements[0] };
}

/** The mail's line that starts with `label` (such as 'When: '), without the label. */
function line(text, label) {
  const found = text.split(/\r?\n/).find((l) => l.startsWith(label));
  assert.ok(found, `the mail has a '${label.trim()}' line:\n${text}`);
  return found.slice(label.length).trim();
}

const offered = { first: null, second: null, mail: null };

describe('notifications by mail', () => {
  step(
    'a manager offers a placement to Felix; the mail arrives with local times and links',
    async () => {
      await withPage(browser, 'mail-offer', async (page) => {
        await login(page, hive, 'dept@hive.test');
        await page.waitForURL(/\/bookings$/);
        offered.first = await offerToFelix(page, FIRST, summerDay(7));
      });
      const { booking, placement } = offered.first;
      const mail = await hive.smtp.waitFor(
        (m) => m.to.includes(FELIX.email) && m.subject === `New offer: ${FIRST}`,
        { timeout: MAIL, what: `'New offer: ${FIRST}' mail to Felix` },
      );
      offered.mail = mail;
      assert.deepEqual(mail.to, [FELIX.email], 'one recipient in the envelope');
      assert.match(mail.headers.to ?? '', /freelancer@hive\.test/);

      // The times are the placement's wall clock in the department's zone, not UTC.
      const zone = booking.department.timezone;
      const when = expectedWhen(placement.period, zone);
      assert.notEqual(
        when,
        expectedWhen(placement.period, 'UTC').replace('(UTC)', `(${zone})`),
        'the chosen day is one where local time and UTC differ',
      );
      assert.equal(line(mail.text, 'When: '), when);
      assert.ok(
        mail.text.includes(
          `You are offered ${placement.title} on ${when.replace(` (${zone})`, '')}.`,
        ),
        mail.text,
      );

      // The link opens the booking with this placement chosen; the unsubscribe link is this
      // type's. An HTML part, when the mail has one, carries the same link.
      const link = line(mail.text, 'Open it in Hive: ');
      assert.equal(link, `${hive.url}/bookings/${booking.id}/edit?placementId=${placement.id}`);
      if (mail.html)
        assert.ok(mail.html.includes(`href="${link}"`), 'the HTML part links there too');
      assert.match(line(mail.text, "Stop 'New offer' e-mails: "), /\/unsubscribe\?token=/);
    },
  );

  step('Felix sees the unread count, opens the notification and it is read', async () => {
    await withPage(browser, 'mail-notification', async (page) => {
      await login(page, hive, FELIX.email);
      await page.waitForURL(/\/bookings$/);
      // The mail and the notification are made in one transaction: it is there already.
      const { unread } = await call(page, 'GET', '/notification/stats');
      assert.ok(unread >= 1, `unread ${unread}`);
      const bell = banner(page).getByRole('link', { name: bellName(unread), exact: true });
      await bell.click();
      await page.waitForURL(/\/notifications$/);
      const list = main(page).getByRole('region', { name: 'Notifications' });
      const subject = `New offer: ${FIRST}`;
      const row = list
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: subject, exact: true }) });
      await row.getByText('Unread', { exact: true }).waitFor();
      await checkA11y(page, 'notifications');

      await row.getByRole('link', { name: subject, exact: true }).click();
      await page.waitForURL(/\/notifications\/\d+$/);
      const article = main(page).getByRole('article', { name: subject });
      await article.getByText('Read', { exact: true }).waitFor();
      await article.getByText(`You are offered ${offered.first.placement.title} on`).waitFor();
      await banner(page)
        .getByRole('link', { name: bellName(unread - 1), exact: true })
        .waitFor();
      await checkA11y(page, 'notification');
    });
  });

  step(
    "the mail's link opens the booking with the placement chosen; Felix accepts it",
    async () => {
      await withPage(browser, 'mail-link', async (page) => {
        await login(page, hive, FELIX.email);
        await page.waitForURL(/\/bookings$/);
        await page.goto(line(offered.mail.text, 'Open it in Hive: '));
        const placements = main(page).getByRole('region', { name: 'Placements' });
        await placements.getByRole('grid').waitFor();
        // ?placementId= chose the offered placement's row.
        await placements.getByText('1 selected').waitFor();
        const row = placements.getByRole('row', { name: new RegExp(FELIX.name) });
        assert.equal(await row.getByRole('checkbox').isChecked(), true);
        await checkA11y(page, 'booking from the mail link');
        await placements
          .getByRole('toolbar', { name: 'Placement actions' })
          .getByRole('button', { name: 'Accept', exact: true })
          .click();
        await page
          .getByRole('alert')
          .getByText('Successfully updated 1 instruction', { exact: true })
          .first()
          .waitFor();
        const booking = await call(page, 'GET', `/booking/${offered.first.booking.id}`);
        const mine = booking.placements[0].instructions;
        assert.equal(mine.length, 1);
        assert.equal(mine[0].supplierStatus, 'accepted');
      });
    },
  );

  step("Felix turns 'New offer' mails off with the mail's unsubscribe link", async () => {
    // Signed out, on a phone (where mail is mostly read): the link works without a session and
    // needs the button's click.
    await withPage(
      browser,
      'mail-unsubscribe',
      async (page) => {
        await page.goto(line(offered.mail.text, "Stop 'New offer' e-mails: "));
        const card = main(page);
        await card.getByRole('heading', { name: 'Stop these e-mails' }).waitFor();
        await checkA11y(page, 'unsubscribe');
        await card.getByRole('button', { name: 'Turn off these e-mails' }).click();
        const done = card.getByRole('status');
        await done.getByText('E-mails turned off').waitFor();
        assert.match(await done.textContent(), /New offer/);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px on a phone`);
        await checkA11y(page, 'unsubscribe done');
      },
      { mobile: true },
    );
    // Signed in, the Settings tab shows the switch off; the other types stay on.
    await withPage(browser, 'mail-settings', async (page) => {
      await login(page, hive, FELIX.email);
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/notifications?tab=settings`);
      const panel = main(page).getByRole('tabpanel', { name: 'Settings' });
      const offers = panel.getByRole('switch', { name: 'New offer', exact: true });
      await offers.waitFor();
      assert.equal(await offers.isChecked(), false, "'New offer' is off");
      assert.equal(
        await panel.getByRole('switch', { name: 'Booking cancelled', exact: true }).isChecked(),
        true,
        'the other types stay on',
      );
      await checkA11y(page, 'notification settings');
    });
  });

  step('the next offer sends Felix no mail but appears in the app', async () => {
    const since = hive.smtp.messages.length;
    await withPage(browser, 'mail-second-offer', async (page) => {
      await login(page, hive, 'dept@hive.test');
      await page.waitForURL(/\/bookings$/);
      offered.second = await offerToFelix(page, SECOND, summerDay(8));
    });
    const subject = `New offer: ${SECOND}`;
    await withPage(browser, 'mail-second-in-app', async (page) => {
      await login(page, hive, FELIX.email);
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${hive.url}/notifications`);
      const list = main(page).getByRole('region', { name: 'Notifications' });
      // The list reads the server when opened: reload until the worker has told the offer.
      const link = list.getByRole('link', { name: subject, exact: true });
      const deadline = Date.now() + MAIL;
      while (!(await link.count())) {
        assert.ok(Date.now() < deadline, `'${subject}' never appeared in the app`);
        await page.reload();
        await list.getByRole('link').first().waitFor();
      }
      const row = list
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: subject, exact: true }) });
      await row.getByText('Unread', { exact: true }).waitFor();

      // The notification and any mail of it were made in one transaction, and the outbox sends
      // oldest first: once a mail queued after it (a password reset for Felix) has arrived, a
      // 'New offer' mail would have arrived before it.
      await call(page, 'POST', '/account/request-password-reset', { email: FELIX.email });
    });
    await hive.smtp.waitFor(
      (m) => m.to.includes(FELIX.email) && !m.subject.startsWith('New offer'),
      { since, timeout: MAIL, what: 'the password reset mail to Felix' },
    );
    const toFelix = hive.smtp.messages.slice(since).filter((m) => m.to.includes(FELIX.email));
    assert.deepEqual(
      toFelix
        .filter((m) => m.subject.includes(SECOND) || m.text.includes(SECOND))
        .map((m) => m.subject),
      [],
      'no mail to Felix about the second offer',
    );
  });

  step("an administrator opens the booking's audit page: both versions and the diff", async () => {
    await withPage(browser, 'mail-audit', async (page) => {
      await login(page, hive, 'admin@hive.test');
      await page.waitForURL(/\/bookings$/);
      const { booking } = offered.first;
      const instruction = (await call(page, 'GET', `/booking/${booking.id}`)).placements[0]
        .instructions[0];
      await page.goto(`${hive.url}/bookings/${booking.id}/edit`);
      await main(page).getByRole('link', { name: 'Audit' }).click();
      await page.waitForURL(new RegExp(`/bookings/${booking.id}/audit$`));
      const history = main(page).getByRole('table', { name: 'Audit history of this booking' });
      await history.waitFor();
      // The instruction's two versions: the offer (by the manager) and Felix's answer.
      const rows = history.getByRole('row').filter({ hasText: `Instruction` });
      const texts = await rows.allTextContents();
      assert.ok(
        texts.some((t) => t.includes('INSERT')),
        `the offer's entry:\n${texts.join('\n')}`,
      );
      assert.ok(
        texts.some((t) => t.includes('UPDATE') && t.includes(FELIX.name)),
        `Felix's answer:\n${texts.join('\n')}`,
      );
      await checkA11y(page, 'booking audit history');

      await history
        .getByRole('button', {
          name: `Show changes of Instruction ${instruction.id} version 2`,
        })
        .click();
      const changes = main(page).getByRole('table', {
        name: `Changes in Instruction ${instruction.id} version 2`,
      });
      const status = changes.getByRole('row', { name: /^Supplier status/ });
      await status.waitFor();
      // Before and after: Felix's answer turned the awaited response into an acceptance.
      const [before, after] = await status.getByRole('cell').allTextContents();
      assert.match(after, /accepted/i);
      assert.doesNotMatch(before, /accepted/i);
      await checkA11y(page, 'booking audit diff');
    });
  });
});
