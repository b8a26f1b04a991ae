import { creatableEntityKinds, isAdmin, type PermissionSubject } from '@/lib/permissions';
import { legalFormLabels } from '../legal-entities/rules';
import type { BookingRules, BookingRulesUpdate } from './api/get-booking-rules';

export const ENTITY_TYPES = ['base', 'agency', 'client', 'supplier'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Entity kinds (base, agency, client, supplier) and, where an entity shows one, its legal form (§3). */
export const entityTypeLabels: Record<string, string> = {
  ...legalFormLabels,
  base: 'Base',
  agency: 'Agency',
  client: 'Client',
  supplier: 'Supplier',
};

export function entityTypeLabel(type: string): string {
  return entityTypeLabels[type] ?? type;
}

/**
 * The type options of the create form: the kinds the user may create (create_entity:<kind>),
 * plus base for administrators.
 */
export function entityTypeOptions(
  user: PermissionSubject | null | undefined,
): { value: EntityType; label: string }[] {
  const kinds: EntityType[] = [
    ...(isAdmin(user) ? (['base'] as const) : []),
    ...creatableEntityKinds(user),
  ];
  return kinds.map((k) => ({ value: k, label: entityTypeLabel(k) }));
}

export const entityMessages = {
  required: 'This field is required',
  numeric: 'Enter a whole number of days',
} as const;

/** The entity form as the user edits it. */
export interface EntityFormValues {
  name: string;
  type: EntityType | '';
  email: string;
  country: string;
  timezone: string;
  cancelWindowDays: number | string;
}

export function validateEntityName(value: string): string | null {
  return value && value.trim() ? null : entityMessages.required;
}

export function validateCancelWindowDays(value: number | string): string | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 0 ? null : entityMessages.numeric;
}

/**
 * An entity's booking rules as the form edits them: rests and times in hours (the server keeps
 * minutes), the run of days as days. The bounds are the server's (bookingrules.Validate), checked
 * here first so the usual mistakes are shown at once.
 */
export interface BookingRulesValues {
  dailyRestHours: number | string;
  maxDaysInRow: number | string;
  weeklyRestHours: number | string;
  holdChallengeHours: number | string;
  answerReminderHours: number | string;
  changeReminderHours: number | string;
  changeEscalationHours: number | string;
}

export const bookingRulesMessages = {
  dailyRest: 'The rest between placements must be between 0 and 24 hours',
  daysInRow: 'The days in a row must be between 1 and 13',
  weeklyRest: 'The weekly rest must be between 0 and 7 days',
  holdChallenge: 'The time to answer a challenge must be between 1 hour and 7 days',
  answerReminder: 'The reminder must be between 0 and 7 days before the answer is due',
  changeReminder: 'The reminder of a change must come between 1 minute and 7 days after it',
  changeEscalation: 'The managers must be told of a change after its reminder, and within 14 days',
} as const;

/** The server's field names, by the form's. */
export const serverFieldOf: Record<keyof BookingRulesValues, keyof BookingRules> = {
  dailyRestHours: 'dailyRestMinutes',
  maxDaysInRow: 'maxDaysInRow',
  weeklyRestHours: 'weeklyRestMinutes',
  holdChallengeHours: 'holdChallengeMinutes',
  answerReminderHours: 'answerReminderMinutes',
  changeReminderHours: 'changeReminderMinutes',
  changeEscalationHours: 'changeEscalationMinutes',
};

const WEEK_HOURS = 7 * 24;
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const minutes = (h: number | string) => Math.round(Number(h) * 60);

export function valuesOf(r: BookingRules): BookingRulesValues {
  return {
    dailyRestHours: hours(r.dailyRestMinutes),
    maxDaysInRow: r.maxDaysInRow,
    weeklyRestHours: hours(r.weeklyRestMinutes),
    holdChallengeHours: hours(r.holdChallengeMinutes),
    answerReminderHours: hours(r.answerReminderMinutes),
    changeReminderHours: hours(r.changeReminderMinutes ?? 0),
    changeEscalationHours: hours(r.changeEscalationMinutes ?? 0),
  };
}

export function bodyOf(v: BookingRulesValues, version: number): BookingRulesUpdate {
  return {
    dailyRestMinutes: minutes(v.dailyRestHours),
    maxDaysInRow: Number(v.maxDaysInRow),
    weeklyRestMinutes: minutes(v.weeklyRestHours),
    holdChallengeMinutes: minutes(v.holdChallengeHours),
    answerReminderMinutes: minutes(v.answerReminderHours),
    changeReminderMinutes: minutes(v.changeReminderHours),
    changeEscalationMinutes: minutes(v.changeEscalationHours),
    version,
  };
}

const between =
  (lo: number, hi: number, msg: string, whole = false) =>
  (v: number | string) => {
    const n = Number(v);
    return v === '' || Number.isNaN(n) || n < lo || n > hi || (whole && !Number.isInteger(n))
      ? msg
      : null;
  };

/** One number of the form: its label and its bounds, which both the input and the check use. */
export interface BookingRulesField {
  field: keyof BookingRulesValues;
  label: string;
  min: number;
  max: number;
  /** Whole numbers only (days); hours take two decimals. */
  whole?: boolean;
  message: string;
}

/** The form's fields in the order they are shown. */
export const BOOKING_RULES_FIELDS: readonly BookingRulesField[] = [
  {
    field: 'dailyRestHours',
    label: 'Rest between placements (hours)',
    min: 0,
    max: 24,
    message: bookingRulesMessages.dailyRest,
  },
  {
    field: 'maxDaysInRow',
    label: 'Most days in a row',
    min: 1,
    max: 13,
    whole: true,
    message: bookingRulesMessages.daysInRow,
  },
  {
    field: 'weeklyRestHours',
    label: 'Weekly rest (hours)',
    min: 0,
    max: WEEK_HOURS,
    message: bookingRulesMessages.weeklyRest,
  },
  {
    field: 'holdChallengeHours',
    label: 'Time to answer a hold challenge (hours)',
    min: 1,
    max: WEEK_HOURS,
    message: bookingRulesMessages.holdChallenge,
  },
  {
    field: 'answerReminderHours',
    label: 'Answer reminder before it is due (hours)',
    min: 0,
    max: WEEK_HOURS,
    message: bookingRulesMessages.answerReminder,
  },
  {
    field: 'changeReminderHours',
    label: 'Remind the freelancer of a change not acknowledged after (hours)',
    min: 0.02,
    max: WEEK_HOURS,
    message: bookingRulesMessages.changeReminder,
  },
  {
    field: 'changeEscalationHours',
    label: 'Tell the managers of a change still not acknowledged after (hours)',
    min: 0.02,
    max: 2 * WEEK_HOURS,
    message: bookingRulesMessages.changeEscalation,
  },
];

export const validateBookingRules = Object.fromEntries(
  BOOKING_RULES_FIELDS.map((f) => [f.field, between(f.min, f.max, f.message, f.whole)]),
) as Record<keyof BookingRulesValues, (v: number | string) => string | null>;
