import type { components } from '@/api/schema';

/** The Settings tab's one toast, for a device's switches as for the mail switches. */
export { notificationSettingsToasts } from '../settings/rules';

/** A subscribed device's switches, as the server answers them. */
export type PushDevice = components['schemas']['Device'];

/** The browser's subscription, as PushSubscription.toJSON() gives it and the server takes it. */
export type PushSubscriptionBody = components['schemas']['Subscription'];

/** Where this browser stands with pushes. */
export type PushSupport = 'unsupported' | 'blocked' | 'available';

/** Whether this browser can take pushes, and whether the person has blocked them. */
export function pushSupport(env: {
  serviceWorker: boolean;
  pushManager: boolean;
  permission: NotificationPermission | undefined;
}): PushSupport {
  if (!env.serviceWorker || !env.pushManager || env.permission === undefined) return 'unsupported';
  return env.permission === 'denied' ? 'blocked' : 'available';
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The body the server takes, from a browser subscription's JSON. */
export function subscriptionBody(json: PushSubscriptionJSON): PushSubscriptionBody {
  return {
    endpoint: json.endpoint ?? '',
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** The words of the 'This device' section. */
export const pushWords = {
  title: 'This device',
  intro:
    'Get a notification on this device, even with Hive closed, for the types below. Offers can be accepted or declined from the notification.',
  unsupported: 'This browser cannot receive notifications. Install Hive or use a current browser.',
  blocked:
    "Notifications are blocked for Hive in this browser. Allow them in the browser's site settings, then come back here.",
  turnOn: 'Turn on notifications on this device',
  turnOff: 'Turn off notifications on this device',
  failed: 'Notifications could not be turned on for this device.',
} as const;
