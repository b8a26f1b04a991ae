import type { Schemas } from '@/api/types';
import { API_ROOT } from '@/api/client';
import { formatAmount } from '@/lib/format';
import { POSITIVE_COLOUR } from '@/ui/colours';
import {
  isAdmin,
  isClientOrAgencyManager,
  isDepartmentManager,
  isFreelancer,
  managesAnyEntity,
  type PermissionSubject,
} from '@/lib/permissions';

export type Invoice = Schemas['InvoiceView'];
export type InvoiceLine = Schemas['LineView'];
export type CurrencyTotal = Schemas['CurrencyTotal'];
export type SelfBilling = Schemas['SelfBillingView'];
export type InvoiceStatusFilter = '' | 'issued' | 'paid' | 'void' | 'overdue';

/** The minor units of a currency whose unit is not split in hundredths (as the server's). */
const DECIMALS: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  ISK: 0,
  BHD: 3,
  KWD: 3,
  OMR: 3,
  TND: 3,
  JOD: 3,
};

/** 'GBP 1,234.50': minor units of a currency as people read them. */
export function formatMoney(minor: number, currency: string): string {
  const d = DECIMALS[currency] ?? 2;
  const amount = minor / 10 ** d;
  const text =
    d === 2
      ? formatAmount(amount)
      : amount.toLocaleString('en-GB', { minimumFractionDigits: d, maximumFractionDigits: d });
  return `${currency} ${text}`;
}

/** What a document is called, by kind. */
export function kindLabel(inv: Pick<Invoice, 'kind'>): string {
  return inv.kind === 'credit_note' ? 'Credit note' : 'Invoice';
}

/** A document's status as the list shows it: Overdue wins over Issued. */
export function statusLabel(inv: Pick<Invoice, 'status' | 'overdue' | 'kind'>): string {
  if (inv.overdue) return 'Overdue';
  if (inv.status === 'paid') return 'Paid';
  if (inv.status === 'void') return 'Void';
  return inv.kind === 'credit_note' ? 'Credit note' : 'Issued';
}

/**
 * The badge colour of a status (the label says it too: colour is never the only cue), each
 * dark enough for white text at 4.5:1.
 */
export function statusColour(inv: Pick<Invoice, 'status' | 'overdue' | 'kind'>): string {
  if (inv.overdue) return 'red.9';
  if (inv.status === 'paid') return POSITIVE_COLOUR;
  if (inv.status === 'void') return 'gray.8';
  return inv.kind === 'credit_note' ? 'grape.9' : 'blue.9';
}

/** The address of a document's PDF. */
export const pdfUrl = (id: number) => `${API_ROOT}/invoice/${id}/pdf`;

/** The status filter's choices. */
export const STATUS_FILTERS: { value: InvoiceStatusFilter; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'issued', label: 'Issued' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Paid' },
  { value: 'void', label: 'Void' },
];

/** Today as YYYY-MM-DD in the viewer's zone: the latest payment date a manager may enter. */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/**
 * The payment date a dialog proposes: today, or the issue date when today (the viewer's clock)
 * is before it; the server refuses a date before the issue date or after its own today.
 */
export function defaultPaidOn(issueDate: string, today = todayIso()): string {
  return today < issueDate ? issueDate : today;
}

/** The messages the invoice screens show, in one place. */
export const messages = {
  none: 'No invoices yet.',
  noneFiltered: 'No invoices match these filters.',
  loadFailed: 'The invoices could not be loaded.',
  selfBillingOff: 'Not agreed: clients cannot issue invoices on this legal entity’s behalf.',
  selfBillingHelp:
    'With self-billing, the clients you work for issue your invoices from your approved timesheets, numbered in your own sequence, and you receive each one with its PDF.',
};

/**
 * Who has an Invoices page: freelancers (the invoices billing their work), managers (those of the
 * departments and clients they manage) and administrators. The server scopes the list.
 */
export function canSeeInvoices(user: PermissionSubject): boolean {
  return (
    isAdmin(user) ||
    isFreelancer(user) ||
    isDepartmentManager(user) ||
    isClientOrAgencyManager(user)
  );
}

/** Whether the user may issue invoices: a client's manager (the server checks which client). */
export function canIssueInvoices(user: PermissionSubject): boolean {
  return isAdmin(user) || (isClientOrAgencyManager(user) && managesAnyEntity(user));
}
