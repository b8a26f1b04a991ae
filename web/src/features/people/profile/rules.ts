import { stripWhitespace, validateEmail, messages } from '@/lib/validation';
import type { Profile } from './api/get-profile';
import type { ProfileUpdate } from './api/update-profile';
import type { Currency } from '@/lib/rates';

export const profileMessages = {
  countryRequired: 'Country is required.',
  timezoneRequired: 'Timezone is required. It is used by the product to determine bookings.',
  invalidUrl: 'Invalid URL',
} as const;

export interface ProfileValues {
  email: string;
  firstName: string;
  lastName: string;
  label: string;
  phone: string;
  gender: '' | 'male' | 'female' | 'other';
  genderOther: string;
  country: string;
  timezone: string;
  locationName: string;
  /** Coordinates of the location: set with its name by choosing a place, cleared with it. */
  latitude: number | null;
  longitude: number | null;
  cv: string;
  showreel: string;
  linkedin: string;
  imdb: string;
  personalWebsite: string;
  businessType: string;
  currency: string;
  rate: string;
  skills: string[];
  jobTitles: string[];
  accountStatus: string;
  preferredSupplier: { value: string; label: string } | null;
  canAdmin: boolean;
  canCreateSupplierEntity: boolean;
  canCreateAgencyEntity: boolean;
  canCreateClientEntity: boolean;
}

type DayRate = { currency: string; period: string; rate: string } | null;

/** The form's starting values from a profile. */
export function valuesOf(p: Profile, preferredSupplierName = ''): ProfileValues {
  const rate = (p.dayRate as DayRate | undefined) ?? null;
  return {
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    label: p.label,
    phone: p.phone,
    gender: p.gender,
    genderOther: p.genderOther,
    country: p.country || 'GB',
    timezone: p.timezone,
    locationName: p.location.location_name,
    latitude: p.location.latitude ?? null,
    longitude: p.location.longitude ?? null,
    cv: p.cv,
    showreel: p.showreel,
    linkedin: p.linkedin,
    imdb: p.imdb,
    personalWebsite: p.personalWebsite,
    businessType: p.businessType,
    currency: rate?.currency ?? 'GBP',
    rate: rate?.rate ?? '',
    skills: (p.skills ?? []).map((s) => String(s.skill_id)),
    jobTitles: (p.job_titles ?? []).map((j) => String(j.job_title_id)),
    // Absent for viewers other than administrators and the user.
    accountStatus: p.accountStatus ?? '',
    preferredSupplier:
      p.preferredSupplierId != null && p.preferredSupplierId > 0
        ? {
            value: String(p.preferredSupplierId),
            label: preferredSupplierName || `Entity ${p.preferredSupplierId}`,
          }
        : null,
    canAdmin: p.canAdmin ?? false,
    canCreateSupplierEntity: p.canCreateSupplierEntity ?? false,
    canCreateAgencyEntity: p.canCreateAgencyEntity ?? false,
    canCreateClientEntity: p.canCreateClientEntity ?? false,
  };
}

function validateUrl(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? null : profileMessages.invalidUrl;
  } catch {
    return profileMessages.invalidUrl;
  }
}

function required(value: string): string | null {
  return value.trim() === '' ? messages.fieldRequired : null;
}

/** The form's rules (spec part 1 §5); admin rules only for administrators. */
export function profileRules(opts: { admin: boolean; freelancer: boolean }) {
  return {
    email: validateEmail,
    firstName: required,
    lastName: required,
    country: (v: string) => (v ? null : profileMessages.countryRequired),
    timezone: (v: string) => (v ? null : profileMessages.timezoneRequired),
    linkedin: validateUrl,
    imdb: validateUrl,
    personalWebsite: validateUrl,
    rate: validateOptionalAmount,
    currency: (v: string, values: ProfileValues) =>
      values.rate.trim() !== '' && !v ? messages.fieldRequired : null,
    accountStatus: (v: string) => (opts.admin && !v ? messages.fieldRequired : null),
    preferredSupplier: (v: ProfileValues['preferredSupplier']) =>
      opts.admin && opts.freelancer && !v ? messages.fieldRequired : null,
  };
}

/** Ids in a but not in b. */
function minus(a: string[], b: string[]): number[] {
  return a.filter((x) => !b.includes(x)).map(Number);
}

/**
 * The updateAuthUser body: every profile field, the version, skills and job titles added since
 * the defaults, and those removed as deleted_skills and deleted_job_titles. The admin section
 * goes only with an administrator's edit.
 */
export function toUpdate(
  v: ProfileValues,
  initial: ProfileValues,
  version: number,
  opts: { admin: boolean; freelancer: boolean },
): ProfileUpdate {
  const body: ProfileUpdate = {
    version,
    email: stripWhitespace(v.email),
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    label: v.label.trim(),
    phone: v.phone.trim(),
    gender: v.gender,
    genderOther: v.gender === 'other' ? v.genderOther.trim() : '',
    country: v.country,
    timezone: v.timezone,
    // The location field sets name and coordinates together (a chosen place) or clears all
    // three; a name stored before locations had coordinates goes back as it is.
    location:
      v.locationName.trim() !== '' && v.latitude != null && v.longitude != null
        ? { location_name: v.locationName.trim(), latitude: v.latitude, longitude: v.longitude }
        : { location_name: v.locationName.trim() },
  };
  if (opts.freelancer) {
    Object.assign(body, {
      cv: v.cv,
      showreel: v.showreel,
      linkedin: v.linkedin.trim(),
      imdb: v.imdb.trim(),
      personalWebsite: v.personalWebsite.trim(),
      businessType: v.businessType.trim(),
      dayRate: {
        currency: (v.currency || 'GBP') as Currency,
        period: 'day',
        rate: v.rate.trim(),
      },
      skills: minus(v.skills, initial.skills),
      deleted_skills: minus(initial.skills, v.skills),
      job_titles: minus(v.jobTitles, initial.jobTitles),
      deleted_job_titles: minus(initial.jobTitles, v.jobTitles),
    } satisfies Partial<ProfileUpdate>);
  }
  if (opts.admin) {
    Object.assign(body, {
      accountStatus: v.accountStatus,
      canAdmin: v.canAdmin,
      canCreateSupplierEntity: v.canCreateSupplierEntity,
      canCreateAgencyEntity: v.canCreateAgencyEntity,
      canCreateClientEntity: v.canCreateClientEntity,
      preferredSupplierId: v.preferredSupplier ? Number(v.preferredSupplier.value) : 0,
    } satisfies Partial<ProfileUpdate>);
  }
  return body;
}

/** Digits with an optional one or two decimals (spec part 1 §5). */
export const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

export const rateMessages = { invalidAmount: 'Invalid amount' } as const;

/** An optional amount: empty is fine, otherwise digits with up to two decimals. */
export function validateOptionalAmount(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  return AMOUNT_PATTERN.test(v) ? null : rateMessages.invalidAmount;
}

/** The hourly rate shown next to a day rate: day rate / 8 to 2 decimals; '' when not a rate. */
export function hourlyRate(dayRate: string): string {
  const v = dayRate.trim();
  if (!AMOUNT_PATTERN.test(v)) return '';
  return (Number(v) / 8).toFixed(2);
}

/** Schemes a markdown link or image may use (spec part 1 §2); everything else is made inert. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * The URL a markdown link may keep, or undefined to drop it: http, https, mailto and tel
 * addresses, and relative, hash (#x) or query (?x) forms. Anything else (javascript:, data:,
 * vbscript:, file: ...) becomes inert. Control characters and white space inside the scheme
 * (which browsers ignore) leave a scheme that is not on the list, so it is dropped too.
 */
export function safeUrl(url: string): string | undefined {
  const value = url.trim();
  if (value === '') return undefined;
  const colon = value.indexOf(':');
  const separator = value.search(/[/?#]/);
  // No scheme: a relative path, a hash or a query.
  if (colon === -1 || (separator !== -1 && separator < colon)) return value;
  const scheme = value.slice(0, colon).toLowerCase();
  return ALLOWED_SCHEMES.has(scheme) ? value : undefined;
}
