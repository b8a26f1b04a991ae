/**
 * How the product writes money, rates, dates and times (en-GB; spec part 2 §9 'Mon, 05 Jan 2024
 * 09:30'). Every screen formats through here, so one display rule has one home.
 */
import { NO_RATE, type RateValue } from './rates';

const LOCALE = 'en-GB';

// ---- Money and rates ----

const amountFormat = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '1,250.50': an amount with two decimals. */
export const formatAmount = (amount: number) => amountFormat.format(amount);

/** '250.50 GBP / day': rate, currency, period (spec part 1 rate display); 'n/a' without a rate. */
export const formatRate = (r?: RateValue | null) =>
  r ? `${formatAmount(r.rate)} ${r.currency} / ${r.period}` : NO_RATE;

// ---- Dates and times ----

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface Parts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = partFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    partFormats.set(key, f);
  }
  return f;
}

/** The wall-clock parts of an instant in a zone (the browser's when undefined); a bare
 * 'YYYY-MM-DD' is a calendar day, the same in every zone. */
function partsOf(value: string | Date, timeZone: string | undefined): Parts {
  const bare = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (bare) {
    return { year: +bare[1]!, month: +bare[2]!, day: +bare[3]!, hour: 0, minute: 0, second: 0 };
  }
  const out: Record<string, number> = {};
  for (const p of partFormat(timeZone).formatToParts(new Date(value))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out as unknown as Parts;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (p: Parts) =>
  `${WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()]}, ${pad(p.day)} ${MONTHS[p.month - 1]} ${p.year}`;
const clockText = (p: Parts) => `${pad(p.hour)}:${pad(p.minute)}`;

/** '2024-01-05': the calendar day a Date falls on in the viewer's zone (a form's or URL's date). */
export const formatIsoDay = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** 'Mon, 05 Jan 2024'. */
export const formatDate = (value: string | Date, timeZone?: string) =>
  dayText(partsOf(value, timeZone));

/** 'Mon, 05 Jan 2024 09:30'. */
export const formatDateTime = (value: string | Date, timeZone?: string) => {
  const p = partsOf(value, timeZone);
  return `${dayText(p)} ${clockText(p)}`;
};

/** 'Mon, 05 Jan 2024 09:30:15': where versions a second apart must read apart. */
export const formatDateTimeSeconds = (value: string | Date, timeZone?: string) => {
  const p = partsOf(value, timeZone);
  return `${dayText(p)} ${clockText(p)}:${pad(p.second)}`;
};

/** '09:30'. */
export const formatTime = (value: string | Date, timeZone?: string) =>
  clockText(partsOf(value, timeZone));

/**
 * 'Mon, 05 Jan 2024 09:30 – 17:30', or with the end's date when it falls on another day:
 * 'Mon, 05 Jan 2024 22:00 – Tue, 06 Jan 2024 06:00'. Empty when the period is missing.
 */
export function formatPeriod(
  period: readonly string[] | null | undefined,
  timeZone: string | undefined,
): string {
  const [start, end] = period ?? [];
  if (!start || !end) return '';
  const s = partsOf(start, timeZone);
  const e = partsOf(end, timeZone);
  const endText = dayText(s) === dayText(e) ? clockText(e) : `${dayText(e)} ${clockText(e)}`;
  return `${dayText(s)} ${clockText(s)} – ${endText}`;
}

/** The viewer's own time zone, for the 'Your time' label. */
export const viewerTimeZone = (): string | undefined =>
  partFormat(undefined).resolvedOptions().timeZone;

const mediumDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const mediumDateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** '5 Jan 2024': the short form of secondary dates (a feed's creation). */
export const formatMediumDate = (value: string | Date) => mediumDate.format(new Date(value));

/** '5 Jan 2024, 09:30': the short form of secondary instants (a document's upload). */
export const formatMediumDateTime = (value: string | Date) =>
  mediumDateTime.format(new Date(value));

// ---- Counts ----

/** '1 instruction', '2 instructions', '0 instructions': the noun is plural unless n is 1. */
export const countOf = (n: number, singular: string, plural = `${singular}s`) =>
  `${n} ${n === 1 ? singular : plural}`;
