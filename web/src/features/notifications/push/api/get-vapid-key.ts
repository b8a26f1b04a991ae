import { api, unwrap } from '@/api/client';

/** The deployment's VAPID public key, the browser's applicationServerKey. */
export const getVapidKey = () => unwrap(api.GET('/push/vapid-public-key')).then((k) => k.publicKey);
