import { stripWhitespace, messages } from '@/lib/validation';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE, firstTimezoneOf } from '@/lib/countries';
import type { LegalEntity } from './api/get-legal-entity';

/** Business types of a legal entity (spec §5). */
export const LEGAL_ENTITY_TYPES = [
  'uk_private_limited',
  'uk_sole_trader',
  'uk_plc',
  'uk_llp',
  'uk_private_unlimited',
] as const;
export type LegalEntityType = (typeof LEGAL_ENTITY_TYPES)[number];

/** The legal-form labels of spec §3. */
export const legalFormLabels: Record<string, string> = {
  base: 'Base',
  uk_private_limited: 'UK Ltd.',
  uk_private_unlimited: 'UK Ultd.',
  uk_llp: 'UK LLP',
  uk_plc: 'UK PLC',
  uk_sole_trader: 'UK Sole Trader',
};

export const LEGAL_ENTITY_STATUSES = ['not_validated', 'validated', 'rejected'] as const;
export type LegalEntityStatus = (typeof LEGAL_ENTITY_STATUSES)[number];

export const statusLabels: Record<LegalEntityStatus, string> = {
  not_validated: 'Not validated',
  validated: 'Validated',
  rejected: 'Rejected',
};
/** Badge colours (filled, dark shades for AA contrast with white text). */
export const statusColours: Record<LegalEntityStatus, string> = {
  not_validated: 'gray.8',
  validated: 'teal.9',
  rejected: 'red.9',
};
export function statusLabel(status: string): string {
  return statusLabels[status as LegalEntityStatus] ?? status;
}
export function statusColour(status: string): string {
  return statusColours[status as LegalEntityStatus] ?? 'gray.8';
}

export type Gender = '' | 'male' | 'female';
export type OperatingModel = 'Ordinary' | 'base' | 'default' | 'umbrella';

export const OPERATING_MODELS: { value: OperatingModel; label: string }[] = [
  { value: 'Ordinary', label: 'Ordinary' },
  { value: 'umbrella', label: 'Umbrella' },
  { value: 'base', label: 'Base' },
  { value: 'default', label: 'Default' },
];
export const DEFAULT_OPERATING_MODEL: OperatingModel = 'Ordinary';
export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

export const VAT_DEFAULT = 20;
export const VAT_MIN = 0;
export const VAT_MAX = 100;
export const VAT_STEP = 0.25;
export const VAT_NUMBER_MAX = 13;

export const leMessages = {
  required: 'This field is required',
  vatNumberMax: `At most ${VAT_NUMBER_MAX} characters`,
  /** The server's words for a VAT % out of range or off its step (legalentities.MsgVATPct). */
  vatPct: `Enter a percentage from ${VAT_MIN} to ${VAT_MAX} in steps of ${VAT_STEP}.`,
  country: 'Country is required.',
  timezone: 'Timezone is required. It is used by the product to determine bookings.',
} as const;

/** The legal entity form as the user edits it. */
export interface LegalEntityFormValues {
  type: LegalEntityType | '';
  niNumber: string;
  gender: Gender;
  tradingName: string;
  companyName: string;
  companyNumber: string;
  operatingModel: OperatingModel;
  vatRegistered: boolean;
  vatNumber: string;
  vatPct: number | string;
  address1: string;
  address2: string;
  address3: string;
  address4: string;
  email: string;
  phone: string;
  country: string;
  timezone: string;
  iban: string;
  sortCode: string;
  accountNumber: string;
  bankName: string;
  bankCountryCode: string;
  branchCode: string;
  status: LegalEntityStatus;
  /** The location chosen from the location search: name and coordinates, or '' and nulls. */
  locationName: string;
  latitude: number | null;
  longitude: number | null;
}

export const emptyLegalEntity: LegalEntityFormValues = {
  type: '',
  niNumber: '',
  gender: '',
  tradingName: '',
  companyName: '',
  companyNumber: '',
  operatingModel: DEFAULT_OPERATING_MODEL,
  vatRegistered: false,
  vatNumber: '',
  vatPct: VAT_DEFAULT,
  address1: '',
  address2: '',
  address3: '',
  address4: '',
  email: '',
  phone: '',
  country: DEFAULT_COUNTRY,
  timezone: DEFAULT_TIMEZONE,
  iban: '',
  sortCode: '',
  accountNumber: '',
  bankName: '',
  bankCountryCode: '',
  branchCode: '',
  status: 'not_validated',
  locationName: '',
  latitude: null,
  longitude: null,
};

/** The location's form fields: not details an administrator validates (see detailsChanged). */
export const LOCATION_FIELDS = ['locationName', 'latitude', 'longitude'] as const;

/**
 * What choosing a place also fills: the town (address2) with the place's name and the country
 * (and its first timezone) with the place's, but only while no town has been entered, so a
 * typed or Companies House address is never overwritten.
 */
export function addressFromPlace(
  values: Pick<LegalEntityFormValues, 'address2' | 'country'>,
  place: { name: string; country: string },
  knownCountries: readonly string[],
): Partial<LegalEntityFormValues> {
  if (values.address2.trim() !== '') return {};
  const out: Partial<LegalEntityFormValues> = { address2: place.name };
  if (place.country !== values.country && knownCountries.includes(place.country)) {
    out.country = place.country;
    out.timezone = firstTimezoneOf(place.country);
  }
  return out;
}

export const SOLE_TRADER_FIELDS = ['niNumber', 'gender', 'tradingName'] as const;
export const COMPANY_FIELDS = ['companyName', 'companyNumber', 'operatingModel'] as const;
type TypeField = (typeof SOLE_TRADER_FIELDS)[number] | (typeof COMPANY_FIELDS)[number];

export function isSoleTrader(type: string): boolean {
  return type === 'uk_sole_trader';
}

/** The type-specific fields shown for a business type (none before a type is chosen). */
export function fieldsForType(type: string): readonly TypeField[] {
  if (!type) return [];
  return isSoleTrader(type) ? SOLE_TRADER_FIELDS : COMPANY_FIELDS;
}

/** VAT number and percentage are enabled (and required) only when VAT registered. */
export function vatFieldsEnabled(values: Pick<LegalEntityFormValues, 'vatRegistered'>): boolean {
  return values.vatRegistered;
}

export function validateVatNumber(value: string, values: LegalEntityFormValues): string | null {
  if (!vatFieldsEnabled(values)) return null;
  const v = value.trim();
  if (!v) return leMessages.required;
  if (v.length > VAT_NUMBER_MAX) return leMessages.vatNumberMax;
  return null;
}

export function validateVatPct(
  value: number | string,
  values: LegalEntityFormValues,
): string | null {
  if (!vatFieldsEnabled(values)) return null;
  if (value === '' || value === null || value === undefined) return leMessages.required;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < VAT_MIN || n > VAT_MAX) return leMessages.vatPct;
  if (Math.abs(n / VAT_STEP - Math.round(n / VAT_STEP)) > 1e-9) return leMessages.vatPct;
  return null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** The form's validation rules (for @mantine/form's `validate`). */
export const legalEntityValidation = {
  type: (v: string) => (v ? null : leMessages.required),
  vatNumber: validateVatNumber,
  vatPct: validateVatPct,
  email: (v: string) => {
    const e = stripWhitespace(v ?? '');
    return !e || EMAIL_PATTERN.test(e) ? null : messages.emailInvalid;
  },
  country: (v: string) => (v ? null : leMessages.country),
  timezone: (v: string) => (v ? null : leMessages.timezone),
};

/**
 * Fields whose change sends a validated legal entity back to not_validated (all but status and
 * the location).
 */
export function detailsChanged(
  before: LegalEntityFormValues,
  after: LegalEntityFormValues,
): boolean {
  const skip: readonly string[] = ['status', ...LOCATION_FIELDS];
  return (Object.keys(before) as (keyof LegalEntityFormValues)[]).some(
    (k) => !skip.includes(k) && String(before[k]) !== String(after[k]),
  );
}

/** The body fields the form sends: only the fields of the chosen type; VAT only when registered. */
export function legalEntityPayload(values: LegalEntityFormValues) {
  const sole = isSoleTrader(values.type);
  const vat = vatFieldsEnabled(values);
  return {
    type: values.type as LegalEntityType,
    niNumber: sole ? values.niNumber.trim() : '',
    gender: sole ? values.gender : '',
    tradingName: sole ? values.tradingName.trim() : '',
    companyName: sole ? '' : values.companyName.trim(),
    companyNumber: sole ? '' : values.companyNumber.trim(),
    operatingModel: sole
      ? DEFAULT_OPERATING_MODEL
      : values.operatingModel || DEFAULT_OPERATING_MODEL,
    vatRegistered: vat,
    vatNumber: vat ? values.vatNumber.trim() : '',
    vatPct: vat ? Number(values.vatPct) : VAT_DEFAULT,
    address1: values.address1.trim(),
    address2: values.address2.trim(),
    address3: values.address3.trim(),
    address4: values.address4.trim(),
    email: stripWhitespace(values.email),
    phone: values.phone.trim(),
    country: values.country,
    timezone: values.timezone,
    iban: stripWhitespace(values.iban).toUpperCase(),
    sortCode: values.sortCode.trim(),
    accountNumber: values.accountNumber.trim(),
    bankName: values.bankName.trim(),
    bankCountryCode: values.bankCountryCode.trim(),
    branchCode: values.branchCode.trim(),
    location:
      values.locationName.trim() !== '' && values.latitude != null && values.longitude != null
        ? {
            location_name: values.locationName.trim(),
            latitude: values.latitude,
            longitude: values.longitude,
          }
        : { location_name: values.locationName.trim() },
  };
}
export type LegalEntityPayload = ReturnType<typeof legalEntityPayload>;

/** The bank fields an IBAN check fills (the server's per-country mapping, iban.Details). */
export interface IbanBankDetails {
  sortCode: string;
  accountNumber: string;
  branchCode: string;
  bankName: string;
  bankCountryCode: string;
}

/** The IBAN check's answer the form uses (spec §3 IBAN check result, with its bank details). */
export interface IbanCheck {
  isValid: boolean;
  bankDetails?: IbanBankDetails;
}

/**
 * The form's bank fields after an IBAN check: a valid IBAN's details as the server maps them per
 * country (GB and IE: sort code and account number; others: branch code), keeping a bank name
 * already entered when the server does not know the bank; a failed or invalid check clears them
 * (spec §8).
 */
export function bankFieldsFromCheck(check: IbanCheck | null): Partial<LegalEntityFormValues> {
  const d = check?.isValid ? check.bankDetails : undefined;
  if (!d) {
    return { sortCode: '', accountNumber: '', branchCode: '', bankName: '', bankCountryCode: '' };
  }
  return {
    sortCode: d.sortCode,
    accountNumber: d.accountNumber,
    branchCode: d.branchCode,
    bankCountryCode: d.bankCountryCode,
    ...(d.bankName ? { bankName: d.bankName } : {}),
  };
}

/** What a legal entity is called in lists: company or trading name, else its number. */
export function legalEntityName(le: {
  id: number;
  companyName?: string | null;
  tradingName?: string | null;
}): string {
  return le.companyName?.trim() || le.tradingName?.trim() || `Legal entity #${le.id}`;
}

/** The form values of a stored legal entity (missing text as '', defaults kept). */
export function formValuesOf(le: LegalEntity): LegalEntityFormValues {
  const out = { ...emptyLegalEntity };
  for (const key of Object.keys(out) as (keyof LegalEntityFormValues)[]) {
    const v = (le as unknown as Record<string, unknown>)[key];
    if (v === null || v === undefined) continue;
    (out as Record<string, unknown>)[key] = v;
  }
  out.locationName = le.location?.location_name ?? '';
  out.latitude = le.location?.latitude ?? null;
  out.longitude = le.location?.longitude ?? null;
  return out;
}
