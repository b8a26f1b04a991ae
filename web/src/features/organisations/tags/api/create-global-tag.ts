import { useMutation } from '@tanstack/react-query';
import { useInvalidateTags } from '../hooks/use-invalidate-tags';
import type { TagCategory } from '../rules';
import { createJobTitleTag } from './create-job-title-tag';
import { createSkillTag } from './create-skill-tag';

/** Creates a global tag of a category (each category has its own endpoint). */
export function createGlobalTag(category: TagCategory, name: string) {
  return category === 'job_title' ? createJobTitleTag(name) : createSkillTag(name);
}

/** Tag mutations each refresh every tag list. Forms show their own errors. */
export function useCreateGlobalTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ category, name }: { category: TagCategory; name: string }) =>
      createGlobalTag(category, name),
    meta: { silentErrors: true },
    onSuccess: invalidate,
  });
}
