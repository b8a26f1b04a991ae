/**
 * The accounts feature's public entry: what other features may use. The profile page's
 * Administration section offers Set Password, Reset second factor and the user's active sessions. Other features import from '@/features/accounts'
 * only, never from a file inside it (eslint.config.js).
 */
export { AdminSetPassword } from './components/admin-set-password';
export { AdminResetSecondFactor } from './components/admin-reset-second-factor';
export { SessionList } from './components/session-list';
