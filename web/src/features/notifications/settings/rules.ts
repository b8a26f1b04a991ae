import { DURATION, type Toast } from '@/lib/errors/catalogue';

/** The Settings tab's toast (spec part 2 §8: 'Notification settings updated'). */
export const notificationSettingsToasts = {
  updated: {
    title: 'Notification settings updated',
    message: 'Your choice is saved.',
    autoClose: DURATION.normal,
    kind: 'success',
  },
} as const satisfies Record<string, Toast>;
