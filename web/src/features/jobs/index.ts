/**
 * The jobs feature's public entry: what other features may use (the booking forms read job
 * templates and briefs; a department page lists its templates). Other features import from
 * '@/features/jobs' only, never from a file inside it (eslint.config.js).
 */
export { departmentJobTemplatesQuery, jobBriefsQuery, jobTemplateQuery } from './api/job-templates';
export { messages as jobMessages, validTime } from './rules';
