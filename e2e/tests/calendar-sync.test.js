// One calendar for Felix (the demo freelancer): he connects his own CalDAV calendar (a radicale
// the journey starts) from Settings; a dentist appointment made in it shows to the Sport desk
// (dept@) in Invite as 'Busy (own calendar)' with its times, never its title; the desk offers
// him the next day instead; he accepts, and the work appears in his calendar. Set-up and the
// event itself go through the API and CalDAV; the connecting, syncing and inviting through the
// UI. Every step waits on state, never on time; locators are scoped to their region or dialog.
import { after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { bookCamera, nextMonthDay } from '../offers.js';
import { startRadicale } from '../radicale.js';
import {
  apiCall,
  checkA11y,
  journeySteps,
  login,
  toast,
  useHive,
  waitForState,
  withPage,
} from '../harness.js';

let hive;
let browser;
useHive(
  (started, launched) => {
    hive = started;
    browser = launched;
  },
  { caldavPrivate: true },
);

const DAV_USER = 'felix';
const BUSY_DAY = nextMonthDay(9);
const FREE_DAY = nextMonthDay(10);
const TITLE = 'Calendar Sync E2E Match';
const SECRET_TITLE = 'Dentist appointment';
const journey = { dav: null, calendar: '', booking: null };
const step = journeySteps();

after(() => journey.dav?.stop());

const call = (page, method, path, body) => apiCall(hive, page, method, path, body);

async function signIn(page, email) {
  await login(page, hive, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Felix's 'Your calendar' section in Settings. */
async function yourCalendar(page) {
  await page.goto(`${hive.url}/settings`);
  const section = page.getByRole('main').getByRole('region', { name: 'Your calendar' });
  await section.waitFor();
  return section;
}

/** Sync now, waiting for the state the sync leaves. */
async function syncNow(page, section) {
  await section.getByRole('button', { name: 'Sync now' }).click();
  await toast(page, 'Your busy times and accepted work are up to date.');
}

const compact = (day) => day.replaceAll('-', '');

describe('calendar sync', () => {
  step('Felix connects his CalDAV calendar from Settings', async () => {
    journey.dav = await startRadicale({ [DAV_USER]: 'app-password-e2e' });
    journey.calendar = await journey.dav.makeCalendar(DAV_USER, 'personal');
    await withPage(browser, 'calendar-connect', async (page) => {
      await signIn(page, 'freelancer@hive.test');
      const section = await yourCalendar(page);
      await section.getByText('No calendar connected.').waitFor();
      await checkA11y(page, 'settings: no calendar connected');
      await section.getByLabel('CalDAV address').fill(journey.dav.url);
      await section.getByLabel('User name').fill(DAV_USER);
      await section.getByLabel('App password', { exact: true }).fill('app-password-e2e');
      await section.getByRole('button', { name: 'Find calendars' }).click();
      await section.getByRole('textbox', { name: /Calendar to read/ }).or(
        section.getByRole('combobox', { name: /Calendar to read/ }),
      ).first().waitFor();
      await checkA11y(page, 'settings: the calendars found');
      await section.getByRole('button', { name: 'Connect calendar' }).click();
      await toast(page, 'Hive reads your busy times and writes your accepted work.');
      await section.getByRole('button', { name: 'Sync now' }).waitFor();
    });
  });

  step('an event made in his calendar shows to the Sport desk only as busy', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//e2e//EN',
      'BEGIN:VEVENT',
      'UID:dentist-e2e',
      'DTSTAMP:20260101T000000Z',
      `SUMMARY:${SECRET_TITLE}`,
      `DTSTART:${compact(BUSY_DAY)}T100000Z`,
      `DTEND:${compact(BUSY_DAY)}T120000Z`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const put = await journey.dav.request(DAV_USER, 'PUT', `${journey.calendar}dentist.ics`, ics, 'text/calendar');
    assert.ok(put.status < 300, `PUT the event: ${put.status} ${put.text}`);
    await withPage(browser, 'calendar-sync-now', async (page) => {
      await signIn(page, 'freelancer@hive.test');
      const section = await yourCalendar(page);
      await syncNow(page, section);
      await section.getByText(/1 busy time read/).waitFor();
    });
    await withPage(browser, 'calendar-busy-invite', async (page) => {
      await signIn(page, 'dept@hive.test');
      const { booking } = await bookCamera(hive, page, { title: TITLE, dates: [BUSY_DAY, FREE_DAY] });
      journey.booking = booking;
      await page.goto(`${hive.url}/bookings/${booking.id}/edit`);
      const region = page.getByRole('main').getByRole('region', { name: 'Placements' });
      await region.getByRole('grid').waitFor();
      const rows = region.getByRole('row', { name: /No user assigned/ });
      await rows.nth(1).waitFor();
      await rows.nth(0).getByRole('checkbox').check();
      await rows.nth(1).getByRole('checkbox').check();
      await region.getByText('2 selected').waitFor();
      await region
        .getByRole('toolbar', { name: 'Placement actions' })
        .getByRole('button', { name: 'Invite', exact: true })
        .click();
      const modal = page.getByRole('dialog', { name: 'Invite' });
      const felix = modal.getByRole('row').filter({ hasText: 'Felix Reid' });
      const mark = felix.getByTestId('own-calendar-mark');
      await mark.waitFor();
      assert.match(await mark.innerText(), /^Busy \(own calendar\) \w{3} 9 \w{3} \d{4} \d\d:00–\d\d:00\. /);
      assert.ok(!(await modal.innerText()).includes(SECRET_TITLE), "the event's title is not shown");
      await felix.getByText('50%').waitFor();
      await checkA11y(page, "invite: a freelancer busy in their own calendar");
      await modal.getByRole('button', { name: 'Close' }).last().click(); // the dialog's own Close, not its corner
      await modal.waitFor({ state: 'hidden' });

      // The desk offers him the other day.
      await rows.nth(0).getByRole('checkbox').uncheck();
      await region.getByText('1 selected').waitFor();
      await region
        .getByRole('toolbar', { name: 'Placement actions' })
        .getByRole('button', { name: 'Invite', exact: true })
        .click();
      const again = page.getByRole('dialog', { name: 'Invite' });
      const box = again.getByRole('checkbox', { name: 'Invite Felix Reid' });
      await box.check();
      await again.getByRole('button', { name: 'Invite (1)' }).click();
      await toast(page, 'Sent out 1 new instruction.');
      await again.waitFor({ state: 'hidden' });
    });
  });

  step('Felix accepts, and the work appears in his calendar', async () => {
    await withPage(browser, 'calendar-accept', async (page) => {
      await signIn(page, 'freelancer@hive.test');
      const b = await call(page, 'GET', `/booking/${journey.booking.id}`);
      const offer = b.placements
        .filter((p) => p.date === FREE_DAY)
        .flatMap((p) => p.instructions)
        .find((i) => !i.deletedAt);
      assert.ok(offer, 'the offer of the free day');
      await call(page, 'PATCH', '/instruction/status', [{ id: offer.id, supplierStatus: 'accepted' }]);
      const section = await yourCalendar(page);
      await syncNow(page, section);
      await section.getByText(/accepted jobs? written/).waitFor(); // Felix's demo work too
      await checkA11y(page, 'settings: a synced calendar');
    });
    // On a phone the section keeps its actions within the screen and stays accessible.
    await withPage(
      browser,
      'calendar-phone',
      async (page) => {
        await signIn(page, 'freelancer@hive.test');
        const section = await yourCalendar(page);
        const sync = section.getByRole('button', { name: 'Sync now' });
        await sync.waitFor();
        const box = await sync.boundingBox();
        assert.ok(box && box.x + box.width <= 390, 'Sync now fits the phone screen');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `no sideways scroll on a phone (${width} px)`);
        await checkA11y(page, 'settings: a synced calendar on a phone');
      },
      { mobile: true },
    );
    await waitForState(
      async () => {
        const { text } = await journey.dav.request(DAV_USER, 'GET', journey.calendar);
        return text.includes(TITLE) && text.includes(`DTSTART:${compact(FREE_DAY)}T`);
      },
      { what: 'the accepted work in the CalDAV calendar' },
    );
  });
});
