/**
 * The timesheets feature's public entry: the entity page's billing rules, the nav's rule and
 * badge, and the agenda's timesheets to submit.
 */
export { BillingRulesSection } from './components/billing-rules-section';
export { canSeeTimesheets, timesheetsBadge } from './rules';
export { TimesheetsToSubmit } from './components/timesheets-to-submit';
