import { api, unwrap } from '@/api/client';

/** Creates a global skill tag. */
export const createSkillTag = (name: string) =>
  unwrap(api.POST('/entity/skill-tag', { body: { skill_tag_name: name } }));
