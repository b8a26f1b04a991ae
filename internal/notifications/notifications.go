// Package notifications tells people what happened to their bookings: it turns the bookings'
// domain events (booking_events) into in-app notifications and mails for each recipient whose
// preference for that type is on, and serves the notification list, its unread count, the
// preferences and the signed unsubscribe link. It owns the notifications and
// notification_preferences tables; docs/notifications.md lists the types.
package notifications
