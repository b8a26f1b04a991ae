import { api, unwrap } from '@/api/client';

/** The server's options for signing in with any passkey held for Hive, and the ceremony. */
export const beginPasskeyLogin = () => unwrap(api.POST('/account/passkeys/login/begin'));
