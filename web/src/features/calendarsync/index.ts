/**
 * The calendar sync feature's public entry: the settings page shows a freelancer's connection,
 * and the views that show busy times name them with BUSY_OWN_CALENDAR.
 */
export { CalendarSyncSection } from './components/calendar-sync-section';
export { BUSY_OWN_CALENDAR } from './rules';
