/** Form rules of job templates, placement templates and rate cards (spec part 2 §2, §3, §9). */

export const messages = {
  titleRequired: 'Title is required.',
  departmentRequired: 'Department is required.',
  time: 'Enter a time as HH:mm.',
  breaks: 'Unpaid breaks cannot be negative.',
  rate: 'Rate must be a positive number.',
  saveFirst: 'Please save the placement before customising contractor rates.',
  noRateCards: 'There are no custom rate cards for this placement template.',
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
