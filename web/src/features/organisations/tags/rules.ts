export const TAG_CATEGORIES = ['job_title', 'skills', 'other'] as const;
export type TagCategory = (typeof TAG_CATEGORIES)[number];

export const tagCategoryLabels: Record<TagCategory, string> = {
  job_title: 'Job titles',
  skills: 'Skills',
  other: 'Other',
};

export function tagCategoryLabel(c: string): string {
  return tagCategoryLabels[c as TagCategory] ?? c;
}

/** Global tags can be created in these categories (POST /entity/job-title-tag, /entity/skill-tag). */
export const GLOBAL_CREATE_CATEGORIES: TagCategory[] = ['job_title', 'skills'];

export const tagMessages = { required: 'This field is required' } as const;

export function validateTagName(value: string): string | null {
  return value && value.trim() ? null : tagMessages.required;
}
