import type { CurrentUser } from '@/api/types';
import { countOf, formatAmount } from '@/lib/format';
import { isDepartmentManager, isFreelancer } from '@/lib/permissions';
import type { Expense, Timesheet, TimesheetStatus } from './api/get-timesheets';

/** The Timesheets screen's tabs, in the order a timesheet goes through them. */
export const TABS: readonly { status: TimesheetStatus; label: string }[] = [
  { status: 'to_fill', label: 'To fill' },
  { status: 'submitted', label: 'Submitted' },
  { status: 'disputed', label: 'Disputed' },
  { status: 'approved', label: 'Approved' },
];

/** Each tab's empty text. */
export const EMPTY: Record<TimesheetStatus, string> = {
  to_fill: 'No timesheets to fill: one appears here when a placement you worked has ended.',
  submitted: 'No submitted timesheets await an answer.',
  disputed: 'No disputed timesheets.',
  approved: 'No approved timesheets yet.',
};

/** The status badge's colour (a filled badge with automatic text contrast). */
export const STATUS_COLOUR: Record<TimesheetStatus, string> = {
  to_fill: 'yellow.4',
  submitted: 'blue.8',
  disputed: 'red.9',
  approved: 'teal.9',
};

export const statusLabel = (s: TimesheetStatus) => TABS.find((t) => t.status === s)?.label ?? s;

/** Who sees the Timesheets screen: freelancers (their own) and department managers (to answer). */
export const canSeeTimesheets = (u: CurrentUser) => isFreelancer(u) || isDepartmentManager(u);

/** The nav badge: what the timesheets ask of the user (whoami's timesheetActions). */
export function timesheetsBadge(u: Pick<CurrentUser, 'timesheetActions'>) {
  const count = u.timesheetActions ?? 0;
  if (count <= 0) return null;
  return { count, label: `${countOf(count, 'timesheet')} awaiting you` };
}

/** '587.50 GBP': an amount in minor units with its currency. */
export const formatMinor = (minor: number, currency: string) =>
  `${formatAmount(minor / 100)} ${currency}`;

/** '12 h 30 min': worked minutes. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (m === 0) return `${h} h`;
  return h === 0 ? `${m} min` : `${h} h ${m} min`;
}

/** A rate as the pay rules read it: '400.00 GBP / day'. */
export const formatRateOf = (t: Pick<Timesheet, 'rateMinor' | 'currency' | 'ratePeriod'>) =>
  `${formatMinor(t.rateMinor, t.currency)} / ${t.ratePeriod}`;

// ---- The correction form ----

export interface ExpenseValues {
  id: number;
  description: string;
  amount: number | string;
  currency: string;
}

export interface TimesheetValues {
  startTime: string;
  endTime: string;
  breakMinutes: number | string;
  note: string;
  expenses: ExpenseValues[];
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MSG_TIME = 'Use a time as HH:mm.';
export const MSG_BREAKS = 'Unpaid breaks are between 0 and 1440 minutes.';
export const MSG_AMOUNT = 'An expense is between 0.01 and 100,000.00.';

export function valuesOf(t: Timesheet): TimesheetValues {
  return {
    startTime: t.startTime,
    endTime: t.endTime,
    breakMinutes: t.breakMinutes,
    note: t.note,
    expenses: (t.expenses ?? []).map((e: Expense) => ({
      id: e.id,
      description: e.description,
      amount: e.amountMinor / 100,
      currency: e.currency,
    })),
  };
}

/** The form's values as PATCH /timesheet/{id}'s body, amounts in minor units. */
export function bodyOf(v: TimesheetValues, version: number) {
  return {
    startTime: v.startTime,
    endTime: v.endTime,
    breakMinutes: Number(v.breakMinutes),
    note: v.note,
    expenses: v.expenses.map((e) => ({
      ...(e.id ? { id: e.id } : {}),
      description: e.description,
      amountMinor: Math.round(Number(e.amount) * 100),
      currency: e.currency as 'GBP' | 'EUR' | 'USD' | 'AUD',
    })),
    version,
  };
}

export const validateTimesheet = {
  startTime: (v: string) => (TIME.test(v) ? null : MSG_TIME),
  endTime: (v: string) => (TIME.test(v) ? null : MSG_TIME),
  breakMinutes: (v: number | string) =>
    v !== '' && Number(v) >= 0 && Number(v) <= 1440 ? null : MSG_BREAKS,
  expenses: {
    amount: (v: number | string) =>
      v !== '' && Number(v) >= 0.01 && Number(v) <= 100000 ? null : MSG_AMOUNT,
  },
};

/** The server's field names for the form's (the server's expenses[i].amountMinor is amount). */
export function formFieldOf(server: string): string {
  return server.replace(/^expenses\[(\d+)\]\.amountMinor$/, 'expenses.$1.amount');
}

// ---- Billing rules ----

export const MSG_RULES = {
  disputeWindowHours: 'Between 1 hour and 720 hours (30 days).',
  overtimeThresholdHours: 'Between 0 and 24 hours.',
  overtimeMultiplier: 'Between 1 and 5.',
  paymentDays: 'Between 0 and 365 days.',
};

// ---- Receipts ----

/** A receipt is a document: the server's size limit, accepted types and messages. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const MSG_RECEIPT_TOO_LARGE = 'The document is larger than 10 MB.';
export const MSG_RECEIPT_UNSAVED = 'Save the timesheet to attach a receipt to this expense.';
export const RECEIPT_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp';

/** The refusal of a receipt too large to send, or '' when its size is allowed. */
export const receiptSizeError = (size: number) =>
  size > RECEIPT_MAX_BYTES ? MSG_RECEIPT_TOO_LARGE : '';
