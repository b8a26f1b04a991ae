import { api, unwrap } from '@/api/client';

/** The server's options for a pending sign-in's second step by passkey (its own user's only). */
export const beginPasskeySecondFactor = () =>
  unwrap(api.POST('/account/login/second-factor/passkey/begin'));
