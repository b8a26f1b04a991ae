import { messages, stripWhitespace } from '@/lib/validation';
import type { GridPage } from '@/ui/data-grid';

/** Messages of the organisation forms (spec part 1 §5). */
export const orgMessages = {
  required: 'This field is required',
  minLength1: 'Minimum length should be 1',
  numeric: 'Enter a whole number of days',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** A name: required, at least one non-blank character. */
export function validateName(value: string): string | null {
  if (!value || !value.trim()) return orgMessages.required;
  return null;
}

/** An optional email: blank is fine; otherwise it must look like an address. */
export function validateOptionalEmail(value: string): string | null {
  const email = stripWhitespace(value ?? '');
  if (!email) return null;
  return EMAIL_PATTERN.test(email) ? null : messages.emailInvalid;
}

/** A picked record (user, entity, department): required. */
export function validatePicked(value: string | number | null | undefined): string | null {
  return value === null || value === undefined || value === '' ? orgMessages.required : null;
}

/** A whole number of days, zero or more; blank counts as zero. */
export function validateDays(value: number | string): string | null {
  if (value === '' || value === undefined || value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 0 ? null : orgMessages.numeric;
}

/** The days a form sends: blank counts as zero. */
export function daysOf(value: number | string): number {
  return value === '' ? 0 : Number(value);
}

/** A list answer as the grid wants it (Go sends a null list for an empty page). */
export function asGridPage<Row>(page: { items?: Row[] | null; total: number }): GridPage<Row> {
  return { items: page.items ?? [], total: page.total };
}
