import type { operations } from '@/api/schema';

/** A notification as GET /notification/{id} and the lists answer it (generated from the API). */
export type Notification =
  operations['getNotification']['responses'][200]['content']['application/json'];

/** One page of a notification list. */
export type NotificationPage =
  operations['listNotifications']['responses'][200]['content']['application/json'];
