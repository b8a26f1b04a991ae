/**
 * A placement's period as people read it (spec part 2 §9: 'Mon, 05 Jan 2024 09:30'), in a given
 * time zone: the viewer's (undefined) or the department's.
 */

type Parts = Record<'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute', string>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, f);
  }
  return f;
}

function parts(instant: string, timeZone: string | undefined): Parts {
  const out = { weekday: '', day: '', month: '', year: '', hour: '', minute: '' };
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type in out) out[p.type as keyof Parts] = p.value;
  }
  return out;
}

const day = (p: Parts) => `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
const clock = (p: Parts) => `${p.hour}:${p.minute}`;

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
  const s = parts(start, timeZone);
  const e = parts(end, timeZone);
  const endText = day(s) === day(e) ? clock(e) : `${day(e)} ${clock(e)}`;
  return `${day(s)} ${clock(s)} – ${endText}`;
}

/** The viewer's own time zone, for the 'Your time' label. */
export function viewerTimeZone(): string | undefined {
  return formatter(undefined).resolvedOptions().timeZone;
}
