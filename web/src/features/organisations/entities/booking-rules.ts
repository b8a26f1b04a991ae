import type { BookingRules, BookingRulesUpdate } from './api/booking-rules';

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
}

export const bookingRulesMessages = {
  dailyRest: 'The rest between placements must be between 0 and 24 hours',
  daysInRow: 'The days in a row must be between 1 and 13',
  weeklyRest: 'The weekly rest must be between 0 and 7 days',
  holdChallenge: 'The time to answer a challenge must be between 1 hour and 7 days',
  answerReminder: 'The reminder must be between 0 and 7 days before the answer is due',
} as const;

/** The server's field names, by the form's. */
export const serverFieldOf: Record<keyof BookingRulesValues, keyof BookingRules> = {
  dailyRestHours: 'dailyRestMinutes',
  maxDaysInRow: 'maxDaysInRow',
  weeklyRestHours: 'weeklyRestMinutes',
  holdChallengeHours: 'holdChallengeMinutes',
  answerReminderHours: 'answerReminderMinutes',
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
  };
}

export function bodyOf(v: BookingRulesValues, version: number): BookingRulesUpdate {
  return {
    dailyRestMinutes: minutes(v.dailyRestHours),
    maxDaysInRow: Number(v.maxDaysInRow),
    weeklyRestMinutes: minutes(v.weeklyRestHours),
    holdChallengeMinutes: minutes(v.holdChallengeHours),
    answerReminderMinutes: minutes(v.answerReminderHours),
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

export const validateBookingRules = {
  dailyRestHours: between(0, 24, bookingRulesMessages.dailyRest),
  maxDaysInRow: between(1, 13, bookingRulesMessages.daysInRow, true),
  weeklyRestHours: between(0, WEEK_HOURS, bookingRulesMessages.weeklyRest),
  holdChallengeHours: between(1, WEEK_HOURS, bookingRulesMessages.holdChallenge),
  answerReminderHours: between(0, WEEK_HOURS, bookingRulesMessages.answerReminder),
};
