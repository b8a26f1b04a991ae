/**
 * Countries and time zones of the address forms (sign-up, profile, entity, legal entity,
 * department): names from the browser (Intl.DisplayNames, en-GB).
 */

/** ISO 3166-1 alpha-2 codes of the country selects. */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

export const DEFAULT_COUNTRY = 'GB';
export const DEFAULT_TIMEZONE = 'Europe/London';

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en-GB'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

let cached: { value: string; label: string }[] | undefined;

/** The country options: sorted by name with GB first (spec §5). */
export function countryOptions(): { value: string; label: string }[] {
  cached ??= [
    { value: DEFAULT_COUNTRY, label: countryName(DEFAULT_COUNTRY) },
    ...CODES.filter((c) => c !== DEFAULT_COUNTRY)
      .map((c) => ({ value: c, label: countryName(c) }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en-GB')),
  ];
  return cached;
}

function zonesOf(country: string): string[] {
  try {
    const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & {
      timeZones?: string[];
      getTimeZones?: () => string[] | undefined;
    };
    return locale.getTimeZones?.() ?? locale.timeZones ?? [];
  } catch {
    return [];
  }
}

/** Every IANA time zone the browser knows, with UTC first. */
export function allTimezones(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The timezone options of a country: its zones plus UTC (every zone when the browser cannot tell). */
export function timezoneOptionsFor(country: string): string[] {
  const zones = zonesOf(country);
  if (zones.length === 0) return allTimezones();
  return [...zones.filter((z) => z !== 'UTC'), 'UTC'];
}

/** Changing country resets the timezone to the country's first zone (spec §5). */
export function firstTimezoneOf(country: string): string {
  if (country === DEFAULT_COUNTRY) return DEFAULT_TIMEZONE;
  return zonesOf(country)[0] ?? 'UTC';
}

/** A timezone list that always contains the current value (a stored zone from elsewhere). */
export function timezoneSelectData(country: string, current: string): string[] {
  const options = timezoneOptionsFor(country);
  return current && !options.includes(current) ? [current, ...options] : options;
}
