import { userOption } from '@/lib/pickers';
import type { PickerOption } from '@/ui/record-picker';
import type { components } from '@/api/schema';

/** Form rules of job templates, placement templates and rate cards (spec part 2 §2, §3, §9). */

export type JobTemplate = components['schemas']['JobTemplate'];
export type JobTemplateSummary = components['schemas']['JobTemplateSummary'];
export type PlacementTemplate = components['schemas']['PlacementTemplate'];
export type PlacementTemplateInput = components['schemas']['PlacementTemplateInput'];
export type RateCard = components['schemas']['RateCard'];

export const messages = {
  titleRequired: 'Title is required.',
  departmentRequired: 'Department is required.',
  time: 'Enter a time as HH:mm.',
  breaks: 'Unpaid breaks cannot be negative.',
  rate: 'Rate must be a positive number.',
  saveFirst: 'Please save the placement before customising contractor rates.',
  noRateCards: 'There are no custom rate cards for this placement template.',
  preferredHint: 'Freelancers this department may hire.',
  preferredNeedsDepartment: 'Choose a department first.',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;

export const requiredTitle = (v: string) => (v.trim() ? null : messages.titleRequired);
export const validTime = (v: string) => (TIME.test(v) ? null : messages.time);
export const validBreaks = (v: number) => (Number.isFinite(v) && v >= 0 ? null : messages.breaks);
export const validRate = (v: number) => (Number.isFinite(v) && v >= 0 ? null : messages.rate);

/** An end at or before the start is on the next day. */
export const isOvernight = (start: string, end: string) => end.slice(0, 5) <= start.slice(0, 5);

/** Rate cards can be customised only on a saved placement template. */
export const canCustomiseRates = (placementTemplateId?: number) => Boolean(placementTemplateId);

/** What the job template form edits; the preferred freelancers as picker options. */
export interface JobTemplateFormValues {
  title: string;
  description: string;
  preferredUserIds: PickerOption[];
  legacyJobId: string;
  agent: string;
  divisionTeam: string;
  function: string;
}

type AdminField = 'legacyJobId' | 'agent' | 'divisionTeam' | 'function';

/** The administrative job fields (spec part 1, the search's job card): administrators only. */
export const ADMIN_FIELDS: readonly { name: AdminField; label: string }[] = [
  { name: 'legacyJobId', label: 'Legacy Job ID' },
  { name: 'agent', label: 'Agent' },
  { name: 'divisionTeam', label: 'Division / Team' },
  { name: 'function', label: 'Function' },
];

type TemplateFields = Partial<Record<AdminField, string>> & {
  title: string;
  description: string;
  preferredUsers?: { id: number; fullName: string; email: string }[] | null;
};

/** The form's values for a template (blank ones for a new template). */
export function formValuesOf(t?: TemplateFields): JobTemplateFormValues {
  return {
    title: t?.title ?? '',
    description: t?.description ?? '',
    preferredUserIds: (t?.preferredUsers ?? []).map(userOption),
    legacyJobId: t?.legacyJobId ?? '',
    agent: t?.agent ?? '',
    divisionTeam: t?.divisionTeam ?? '',
    function: t?.function ?? '',
  };
}

/**
 * The request body of the form's values: the whole preferred list (it replaces the stored one),
 * and the administrative fields only from an administrator (the server refuses them from others).
 */
export function templateBody(v: JobTemplateFormValues, admin: boolean) {
  return {
    title: v.title,
    description: v.description,
    preferredUserIds: v.preferredUserIds.map((o) => Number(o.value)),
    ...(admin
      ? {
          legacyJobId: v.legacyJobId,
          agent: v.agent,
          divisionTeam: v.divisionTeam,
          function: v.function,
        }
      : {}),
  };
}
