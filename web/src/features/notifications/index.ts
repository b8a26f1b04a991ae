/** The notifications feature's public entry (docs/architecture.md, "Shared frontend code"). */
export { NotificationSettings } from './settings/components/notification-settings';
