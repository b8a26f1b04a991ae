/**
 * The people feature's public entry: what other features may use. Search's advanced filters pick
 * skills and job titles from the same tag lists as the profile.
 */
export { jobTitleTagsQueryOptions } from './profile/api/get-job-title-tags';
export { skillTagsQueryOptions } from './profile/api/get-skill-tags';
/** The guides render their markdown with the sanitiser of CVs and showreels. */
export { MarkdownView } from './profile/components/markdown-view';
/** Timesheets' receipts are sent the way documents are: a form with the session's CSRF token. */
export { sendFile } from './files/api/send-file';
