import { api, unwrap } from '@/api/client';

/** Stops pushes to the device subscribed at endpoint. */
export const unsubscribePush = (endpoint: string) =>
  unwrap(api.DELETE('/push/subscription', { body: { endpoint } }));
