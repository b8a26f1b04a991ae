/**
 * The jobs feature's public entry: what other features may use (the booking forms read job
 * templates and briefs; a department page lists its templates). Other features import from
 * '@/features/jobs' only, never from a file inside it (eslint.config.js).
 */
export { departmentJobTemplatesQuery } from './api/get-department-job-templates';
export { jobBriefsQuery } from './api/get-job-briefs';
export { jobTemplateQuery } from './api/get-job-template';
export { messages as jobMessages, validTime } from './rules';
