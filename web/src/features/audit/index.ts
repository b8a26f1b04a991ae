/**
 * The audit feature's public entry: the booking, user, entity and legal-entity pages show its
 * Audit button (administrators only); the page itself is a route (routes/audit.tsx).
 */
export { AuditButton } from './components/audit-button';
