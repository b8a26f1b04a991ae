import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { notificationKeys } from '@/lib/query-keys';
import type { PushSubscriptionBody } from '../rules';

/** The device's key: its switches, by its subscription's endpoint. */
export const pushDeviceKey = (endpoint: string) =>
  [...notificationKeys.all, 'push-device', endpoint] as const;

/** Subscribes this device (or refreshes its keys) and answers its switches. */
export const subscribePush = (body: PushSubscriptionBody) =>
  unwrap(api.POST('/push/subscription', { body }));

/**
 * This device's switches. Reading them stores the browser's subscription again, which keeps the
 * server's copy of its keys current (a browser may renew them).
 */
export const pushDeviceQueryOptions = (body: PushSubscriptionBody) =>
  queryOptions({
    queryKey: pushDeviceKey(body.endpoint),
    queryFn: () => subscribePush(body),
    meta: { silentErrors: true }, // the section shows the server's message itself
  });
