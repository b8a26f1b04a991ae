import { formatDateTimeSeconds, formatRate } from '@/lib/format';
import type { components } from '@/api/schema';
import type { AuditKind } from '@/lib/paths';

export type HistoryEntry = components['schemas']['HistoryEntry'];
export type HistoryPage = components['schemas']['HistoryPage'];
/** names[field][id]: the names of the ids a page's rows hold (see HistoryPage.names). */
export type HistoryNames = HistoryPage['names'];

/** The audit grid's page sizes (spec part 2 §9); the server accepts these and no other. */
export const AUDIT_PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_AUDIT_PAGE_SIZE = 20;

/** One page of one record's history. */
export interface HistoryPageQuery {
  id: number;
  page: number;
  pageSize: number;
}

/** One page of the history of a record of a kind. */
export interface HistoryQuery extends HistoryPageQuery {
  kind: AuditKind;
}

/** One changed field of a history entry, as the diff view shows it. */
export interface FieldChange {
  field: string;
  label: string;
  /** The previous version's value ('' when the field is new). */
  before: string;
  after: string;
}

type Row = Record<string, unknown>;

/** Bookkeeping fields nobody reads in a diff: the row's own id, its version, its timestamps. */
const INTERNAL = new Set(['id', 'version', 'revision', 'createdat', 'updatedat']);

/**
 * Whether a field is internal and hidden from the diff: bookkeeping (INTERNAL), lower-cased
 * search copies (name_lc, titleLc), and an id whose name the row carries beside it
 * (departmentId beside departmentName). Secrets never reach the browser: the server withholds them.
 */
export function isHiddenField(field: string, row: Row): boolean {
  if (INTERNAL.has(field.toLowerCase())) return true;
  if (/(_lc|Lc)$/.test(field)) return true;
  const id = /^(.*?)(Id|ID|_id)$/.exec(field);
  return !!id && [`${id[1]}Name`, `${id[1]}_name`].some((name) => name in row);
}

/** 'supplierStatus' → 'Supplier status'; 'ir35' → 'Ir35'; 'legal_entity_id' → 'Legal entity id'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function isRate(v: unknown): v is { rate: number; currency: string; period: string } {
  const r = v as { rate?: unknown; currency?: unknown; period?: unknown } | null;
  return (
    !!r &&
    typeof r.rate === 'number' &&
    typeof r.currency === 'string' &&
    typeof r.period === 'string'
  );
}

/** A field's value for people: the name of an id where the server sent one, readable otherwise. */
export function displayValue(field: string, value: unknown, names?: HistoryNames): string {
  if (value === null || value === undefined || value === '') return '—';
  const named = names?.[field];
  if (named && (typeof value === 'number' || typeof value === 'string')) {
    return named[String(value)] ?? String(value);
  }
  if (Array.isArray(value)) {
    return value.length ? value.map((v) => displayValue(field, v, names)).join(', ') : '—';
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDateTimeSeconds(value);
  if (isRate(value)) return formatRate(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Whether a value is empty or a default: absent, null, '', false, 0, an empty list or object.
 * Empty and default values compare equal (the server's rule for what a write changed,
 * audit.Changes), so a booking created without IR35 and saved with IR35 off shows no change.
 */
const empty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  v === false ||
  v === 0 ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);
const same = (a: unknown, b: unknown) =>
  (empty(a) && empty(b)) || JSON.stringify(a) === JSON.stringify(b);

/**
 * What an entry changed: each visible field of its row whose value differs from the same
 * record's previous version (every field of a first version that holds a value), by field name.
 * A writer records the fields it changed, so a field missing from the newer row is unchanged,
 * not removed, and is not listed; nor is an empty or default value against an empty one.
 */
export function changesOf(
  entry: Pick<HistoryEntry, 'row' | 'previous'>,
  names?: HistoryNames,
): FieldChange[] {
  const row: Row = entry.row ?? {};
  const previous: Row = entry.previous ?? {};
  return Object.keys(row)
    .sort()
    .filter((field) => !isHiddenField(field, row) && !same(row[field], previous[field]))
    .map((field) => ({
      field,
      label: fieldLabel(field),
      before: field in previous ? displayValue(field, previous[field], names) : '',
      after: displayValue(field, row[field], names),
    }));
}

const SOURCE_LABELS: Record<string, string> = {
  booking: 'Booking',
  placement: 'Placement',
  instruction: 'Instruction',
  user: 'User',
  entity: 'Entity',
  legal_entity: 'Legal entity',
  legal_entity_ref: 'Legal entity link',
  mail: 'Mail',
  session: 'Session',
  // Called an offer in turn wherever people read it; the source keeps the code's name.
  waterfall: 'Offer in turn',
};

/** 'Placement', 'Legal entity link'... for a hiveSource. */
export const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? fieldLabel(source);
