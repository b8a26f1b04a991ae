import { api, unwrap } from '@/api/client';

/** Creates a global job title tag. */
export const createJobTitleTag = (name: string) =>
  unwrap(api.POST('/entity/job-title-tag', { body: { job_title_name: name } }));
