/** The timesheets feature's public entry: the entity page's billing rules, the nav's rule and badge. */
export { BillingRulesSection } from './components/billing-rules-section';
export { canSeeTimesheets, timesheetsBadge } from './rules';
